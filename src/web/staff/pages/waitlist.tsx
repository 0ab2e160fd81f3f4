import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaitlistEntryRecord } from '../../../shared/contract/waitlist.ts';
import { useStaffLanguage } from '../language.tsx';
import { staffCalls, staffKeys, waitlistQuery } from '../queries.ts';
import { ConfirmDialog, EmptyState, errorText, LoadMore, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';

export function WaitlistPage() {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.waitlist;
  const c = t.columns;
  const query = useInfiniteQuery(waitlistQuery());
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<WaitlistEntryRecord | null>(null);
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
      <QueryState query={query}>
        {(data) => {
          const entries = data.pages.flatMap((p) => p.data.entries);
          if (entries.length === 0) return <EmptyState>{t.empty}</EmptyState>;
          return (
            <>
              <StackTable caption={t.caption} columns={[c.person, c.offices, c.people, c.budget, c.desired, c.language, c.created, c.contacted, c.actions]}>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">
                      <span className="cell-title">{entry.customer_name}</span>
                      <span className="cell-meta">
                        <a href={`mailto:${entry.email}`}>{entry.email}</a>
                      </span>
                      {entry.phone ? <span className="cell-meta">{entry.phone}</span> : null}
                    </th>
                    <td data-label={c.offices}>{entry.offices.map((o) => `${o.name} (${o.office_id})`).join(', ') || m.common.none}</td>
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
                ))}
              </StackTable>
              <LoadMore query={query} />
            </>
          );
        }}
      </QueryState>
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
    </>
  );
}
