import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffWaitlistOffer, UnitQueueEntry } from '../../../shared/contract/staff-console.ts';
import { claimWindowHours, isOfferable } from '../../../shared/domain/waitlist-offers.ts';
import type { StaffCatalogue } from '../i18n.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink } from '../navigation.tsx';
import { queueChanged, staffCalls, unitQueueQuery } from '../queries.ts';
import { ConfirmDialog, EmptyState, errorText, Fact, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';
import { AvailabilityBadge } from './inventory-page.tsx';
import { canSkip, openOfferOf, SkipDialog, skippedText, stateTone, unitStatusText } from './waitlist-status.tsx';

type Asking = { kind: 'offer'; entry: UnitQueueEntry; next: boolean } | { kind: 'skip'; entry: UnitQueueEntry } | null;

/** Who made an offer: the server by itself, a script, or a staff member (their e-mail). */
function offeredBy(m: StaffCatalogue, by: string): string {
  if (by === 'waitlist') return m.unitQueue.byServer;
  if (by === 'admin token') return m.common.adminToken;
  return by;
}

/** An entry that left the waitlist or claimed a unit gets no more offers. */
const isDone = (entry: UnitQueueEntry) => entry.left || entry.claimed;

function LatestOffer({ offer }: { offer: StaffWaitlistOffer }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.unitQueue;
  return (
    <>
      <span className="cell-title">{offer.status === 'open' ? t.until(f.dateTime(offer.expires_at)) : t.closed(t.offerStatuses[offer.status], f.dateTime(offer.closed_at ?? offer.expires_at))}</span>
      <span className="cell-meta">{t.offeredBy(f.dateTime(offer.offered_at), offeredBy(m, offer.offered_by))}</span>
    </>
  );
}

/**
 * A unit's waitlist: who waits for it, in the order offers go, and what became of each offer.
 * Staff offer it now (to the next in line or to someone they choose), skip an entry, or pause
 * the offers; each answer is the queue as it now is, shown at once.
 */
export function UnitQueuePage({ id }: { id: number }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.unitQueue;
  const c = t.columns;
  const query = useQuery(unitQueueQuery(id));
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // A refusal (409) means the queue changed under staff's eyes: read it again so the page shows why.
  const readAgain = () => queryClient.invalidateQueries({ queryKey: unitQueueQuery(id).queryKey, exact: true });

  const offer = useMutation({
    mutationFn: ({ entry, next }: { entry: UnitQueueEntry; next: boolean }) => staffCalls.offerUnit(id, next ? undefined : entry.entry_id),
    // The queue is shown as answered before the dialog closes: the Offer buttons are gone by then, so focus goes to the heading.
    onSuccess: async (answer) => {
      await queueChanged(queryClient, answer);
      setAsking(null);
      const open = openOfferOf(answer);
      setNotice({ tone: 'success', text: open ? t.offered(answer.unit.name, open.name, f.dateTime(open.until)) : t.offerSent(answer.unit.name) });
    },
    onError: () => void readAgain(),
  });
  const skip = useMutation({
    mutationFn: (entry: UnitQueueEntry) => staffCalls.skipEntry(entry.entry_id, id),
    onSuccess: async (answer, entry) => {
      await queueChanged(queryClient, answer);
      setAsking(null);
      setNotice({ tone: 'success', text: skippedText(m, f, answer, entry.customer_name, entry.status === 'offered') });
    },
    onError: () => void readAgain(),
  });
  const pausing = useMutation({
    mutationFn: (pause: boolean) => (pause ? staffCalls.pauseOffers(id) : staffCalls.resumeOffers(id)),
    onSuccess: async (answer, pause) => {
      const hadOffer = queryClient.getQueryData(unitQueueQuery(id).queryKey)?.open_offer ?? null;
      await queueChanged(queryClient, answer);
      const done = pause ? t.paused(answer.unit.name) : t.resumed(answer.unit.name);
      // Resumed, a free unit may be offered at once.
      const next = !pause && !hadOffer ? openOfferOf(answer) : null;
      setNotice({ tone: 'success', text: next ? `${done} ${t.nowOffered(next.name, f.dateTime(next.until))}` : done });
    },
    onError: (err) => {
      setNotice({ tone: 'error', text: errorText(m, err) });
      void readAgain();
    },
  });

  const current = query.data?.unit;
  const ask = (next: Asking) => {
    offer.reset();
    skip.reset();
    setAsking(next);
  };

  return (
    <>
      <p className="back">
        <StaffLink to="/staff/inventory" activeOptions={{ exact: true }}>
          ← {t.back}
        </StaffLink>
      </p>
      <QueryState query={query}>
        {(data) => {
          const { unit, queue } = data;
          const hours = claimWindowHours(unit.service_type);
          const offerable = isOfferable(unit.service_type);
          const open = openOfferOf(data);
          const next = queue.find((e) => e.status === 'waiting' && e.place === 1 && !isDone(e));
          return (
            <>
              <PageTitle
                actions={
                  offerable ? (
                    <>
                      {next && !data.open_offer ? (
                        <button type="button" className="button button--primary" onClick={() => ask({ kind: 'offer', entry: next, next: true })}>
                          {t.offerNext}
                        </button>
                      ) : null}
                      {/* One button whose words change, never disabled: focus stays on it while the change is made and after. */}
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-disabled={pausing.isPending || undefined}
                        onClick={() => {
                          if (!pausing.isPending) pausing.mutate(!unit.waitlist_paused);
                        }}
                      >
                        {unit.waitlist_paused ? t.resume : t.pause}
                      </button>
                    </>
                  ) : null
                }
              >
                {t.title} · {unit.name}
              </PageTitle>
              <NoticeArea notice={notice} />
              <section className="card" aria-labelledby="queue-summary">
                <h2 id="queue-summary">{t.summary}</h2>
                <dl className="facts">
                  <Fact term={m.inventory.columns.unit}>
                    {unit.name} ({unit.office_id}) · {m.serviceTypes[unit.service_type]}
                  </Fact>
                  <Fact term={m.inventory.columns.availability}>
                    {unit.retired_at ? <span className="badge badge--grey">{m.inventory.retired}</span> : <AvailabilityBadge unit={unit} />}
                  </Fact>
                  {offerable ? (
                    <>
                      <Fact term={t.offering}>{unit.waitlist_paused || hours === null ? t.offeringPaused : t.offeringOn(hours)}</Fact>
                      <Fact term={t.waiting}>{unit.waitlist_waiting}</Fact>
                      <Fact term={t.openOffer}>{open ? t.openOfferText(open.name, f.dateTime(open.until)) : m.common.none}</Fact>
                    </>
                  ) : null}
                </dl>
              </section>
              {!offerable ? (
                <EmptyState>{t.notOfferable}</EmptyState>
              ) : (
                <section className="section" aria-labelledby="queue-entries">
                  <h2 id="queue-entries">{t.queue}</h2>
                  {queue.length === 0 ? (
                    <EmptyState>{t.empty}</EmptyState>
                  ) : (
                    <StackTable caption={t.caption(unit.name)} columns={[c.person, c.place, c.status, c.joined, c.offer, c.actions]}>
                      {queue.map((entry) => (
                        <tr key={entry.entry_id} data-entry={entry.entry_id}>
                          <th scope="row">
                            <span className="cell-title">{entry.customer_name}</span>
                            <span className="cell-meta">
                              <a href={`mailto:${entry.email}`}>{entry.email}</a>
                            </span>
                          </th>
                          <td data-label={c.place}>{entry.place === null ? m.common.none : m.waitlist.place(entry.place)}</td>
                          <td data-label={c.status}>
                            <span className={`badge badge--${stateTone(entry.status)}`}>
                              {unitStatusText(m, f, { status: entry.status, place: null, offerUntil: entry.status === 'offered' ? (entry.offer?.expires_at ?? null) : null })}
                            </span>
                            {entry.left ? (
                              <span className="cell-meta">{t.leftWaitlist}</span>
                            ) : entry.claimed && entry.status !== 'claimed' ? (
                              <span className="cell-meta">{t.claimedAnother}</span>
                            ) : null}
                          </td>
                          <td data-label={c.joined}>{f.dateTime(entry.created_at)}</td>
                          <td data-label={c.offer}>{entry.offer ? <LatestOffer offer={entry.offer} /> : m.common.none}</td>
                          <td className="cell-actions">
                            {entry.status === 'waiting' && !isDone(entry) && !data.open_offer ? (
                              <button
                                type="button"
                                className="button button--secondary button--small"
                                aria-label={t.offerNowTo(entry.customer_name)}
                                onClick={() => ask({ kind: 'offer', entry, next: false })}
                              >
                                {t.offerNow}
                              </button>
                            ) : null}
                            {canSkip(entry.status, isDone(entry)) ? (
                              <button
                                type="button"
                                className="button button--ghost button--small"
                                aria-label={m.waitlist.skipFor(entry.customer_name, unit.name)}
                                onClick={() => ask({ kind: 'skip', entry })}
                              >
                                {m.waitlist.skip}
                              </button>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </StackTable>
                  )}
                </section>
              )}
            </>
          );
        }}
      </QueryState>
      {asking?.kind === 'offer' && current ? (
        <ConfirmDialog
          title={t.offerTitle(current.name, asking.entry.customer_name)}
          confirmLabel={t.offerConfirm}
          busyLabel={t.offerBusy}
          busy={offer.isPending}
          error={offer.isError ? errorText(m, offer.error) : undefined}
          onConfirm={() => offer.mutate({ entry: asking.entry, next: asking.next })}
          onClose={() => setAsking(null)}
        >
          <p>{t.offerText(asking.entry.customer_name, claimWindowHours(current.service_type) ?? 0)}</p>
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'skip' && current ? (
        <SkipDialog
          name={asking.entry.customer_name}
          unit={current.name}
          offered={asking.entry.status === 'offered'}
          busy={skip.isPending}
          error={skip.isError ? errorText(m, skip.error) : undefined}
          onConfirm={() => skip.mutate(asking.entry)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
