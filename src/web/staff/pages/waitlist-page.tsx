import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaitlistEntryRecord } from '../../../shared/contract/waitlist.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { queueChanged, staffCalls, staffKeys, waitlistQuery } from '../queries.ts';
import { ConfirmDialog, errorText, type Notice, NoticeArea, PagedTable, PageTitle, useFormat } from '../ui.tsx';
import { canSkip, SkipDialog, skippedText, stateTone, unitStatusText } from './waitlist-status.tsx';

type EntryUnit = WaitlistEntryRecord['offices'][number];

/** Left or claimed: no more offers, nothing to skip. */
const isDone = (entry: WaitlistEntryRecord) => entry.state === 'left' || entry.state === 'claimed';

/** The entry's state in words; an offer's with the end of the earliest open offer ('Offered until …'). */
function useEntryStateText() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  return (entry: WaitlistEntryRecord) => {
    if (entry.state !== 'offered') return m.waitlist.states[entry.state];
    const ends = entry.offices.flatMap((o) => (o.status === 'offered' && o.offer_expires_at ? [o.offer_expires_at] : []));
    const first = ends.sort((a, b) => Date.parse(a) - Date.parse(b))[0];
    return first ? m.waitlist.offeredUntil(f.dateTime(first)) : m.waitlist.states.offered;
  };
}

export function WaitlistPage() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.waitlist;
  const c = t.columns;
  const query = useInfiniteQuery(waitlistQuery());
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<WaitlistEntryRecord | null>(null);
  const [skipping, setSkipping] = useState<{ entry: WaitlistEntryRecord; unit: EntryUnit } | null>(null);
  const stateText = useEntryStateText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.waitlist });
  const contacted = useMutation({
    mutationFn: (entry: WaitlistEntryRecord) => staffCalls.markContacted(entry.id),
    onSuccess: async (_a, entry) => {
      setNotice({ tone: 'success', text: t.contactedDone(entry.customer_name) });
      await refresh();
    },
    onError: (err) => setNotice({ tone: 'error', text: errorText(m, err) }),
  });
  const remove = useMutation({
    mutationFn: (entry: WaitlistEntryRecord) => staffCalls.deleteEntry(entry.id),
    // The list is read again before the dialog closes, so focus goes back to a page that no longer shows the entry.
    onSuccess: async (_a, entry) => {
      await refresh();
      setDeleting(null);
      setNotice({ tone: 'success', text: t.deleted(entry.customer_name) });
    },
  });

  const skip = useMutation({
    mutationFn: ({ entry, unit }: { entry: WaitlistEntryRecord; unit: EntryUnit }) => staffCalls.skipEntry(entry.id, unit.id),
    // The list is read again before the dialog closes: the Skip button is gone by then, so focus goes to the heading.
    onSuccess: async (answer, { entry, unit }) => {
      await queueChanged(queryClient, answer);
      setSkipping(null);
      setNotice({ tone: 'success', text: skippedText(m, f, answer, entry.customer_name, unit.status === 'offered') });
    },
    // Refused (the entry left, or claimed it, meanwhile): the list shows where things now stand.
    onError: () => void refresh(),
  });

  const budget = (e: WaitlistEntryRecord) => {
    const min = e.budget_min === null ? null : f.dollars(e.budget_min);
    const max = e.budget_max === null ? null : f.dollars(e.budget_max);
    if (min && max) return t.budgetRange(min, max);
    if (min) return t.budgetFrom(min);
    if (max) return t.budgetUpTo(max);
    return m.common.none;
  };

  return (
    <>
      <PageTitle>{t.title}</PageTitle>
      <NoticeArea notice={notice} />
      <PagedTable
        query={query}
        rowsOf={(page) => page.data.entries}
        empty={t.empty}
        caption={t.caption}
        columns={[c.person, c.state, c.offices, c.people, c.budget, c.desired, c.language, c.created, c.contacted, c.actions]}
        row={(entry) => (
          <tr key={entry.id}>
            <th scope="row">
              <span className="cell-title">{entry.customer_name}</span>
              <span className="cell-meta">
                <a href={`mailto:${entry.email}`}>{entry.email}</a>
              </span>
              {entry.phone ? <span className="cell-meta">{entry.phone}</span> : null}
            </th>
            <td data-label={c.state}>
              <span className={`badge badge--${stateTone(entry.state)}`}>{stateText(entry)}</span>
            </td>
            <td data-label={c.offices}>
              {entry.offices.length === 0 ? (
                m.common.none
              ) : (
                <ul className="unit-statuses">
                  {entry.offices.map((unit) => (
                    <li key={unit.id}>
                      <StaffLink to="/staff/inventory/$id/waitlist" params={{ id: String(unit.id) }} className="cell-title">
                        {unit.name} ({unit.office_id})
                      </StaffLink>
                      <span className="cell-meta">{unitStatusText(m, f, { status: unit.status, place: unit.place, offerUntil: unit.offer_expires_at })}</span>
                      {canSkip(unit.status, isDone(entry)) ? (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={t.skipFor(entry.customer_name, unit.name)}
                          onClick={() => {
                            skip.reset();
                            setSkipping({ entry, unit });
                          }}
                        >
                          {t.skip}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td data-label={c.people}>{entry.number_of_users}</td>
            <td data-label={c.budget}>{budget(entry)}</td>
            <td data-label={c.desired}>{entry.desired_start_date ? f.date(entry.desired_start_date) : m.common.none}</td>
            <td data-label={c.language}>{entry.language ? (t.languages[entry.language] ?? entry.language) : m.common.none}</td>
            <td data-label={c.created}>{f.dateTime(entry.created_at)}</td>
            <td data-label={c.contacted}>{entry.contacted_at ? f.dateTime(entry.contacted_at) : t.notContacted}</td>
            <td className="cell-actions">
              {entry.contacted_at ? null : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t.markContactedFor(entry.customer_name)}
                  disabled={contacted.isPending}
                  onClick={() => contacted.mutate(entry)}
                >
                  {t.markContacted}
                </button>
              )}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t.deleteFor(entry.customer_name)}
                onClick={() => {
                  remove.reset();
                  setDeleting(entry);
                }}
              >
                {t.delete}
              </button>
            </td>
          </tr>
        )}
      />
      {deleting ? (
        <ConfirmDialog
          title={t.deleteTitle(deleting.customer_name)}
          confirmLabel={t.deleteConfirm}
          danger
          busy={remove.isPending}
          error={remove.isError ? errorText(m, remove.error) : undefined}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{t.deleteText}</p>
        </ConfirmDialog>
      ) : null}
      {skipping ? (
        <SkipDialog
          name={skipping.entry.customer_name}
          unit={skipping.unit.name}
          offered={skipping.unit.status === 'offered'}
          busy={skip.isPending}
          error={skip.isError ? errorText(m, skip.error) : undefined}
          onConfirm={() => skip.mutate(skipping)}
          onClose={() => setSkipping(null)}
        />
      ) : null}
    </>
  );
}
