import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffCalendarDay } from '../../../shared/contract/staff-console.ts';
import { spaceTodayQuick } from '../../../shared/domain/time.ts';
import { newIdempotencyKey } from '../api.ts';
import { useStaffLanguage } from '../language.tsx';
import { StaffLink, useStaffNavigate } from '../navigation.tsx';
import { calendarQuery, staffCalls, staffKeys } from '../queries.ts';
import { ConfirmDialog, EmptyState, errorText, type Notice, NoticeArea, PageTitle, QueryState, StackTable, useFormat } from '../ui.tsx';

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export function currentMonth(): string {
  return spaceTodayQuick(new Date()).slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function monthName(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
}

interface Cancelling {
  day: StaffCalendarDay;
  unitName: string;
  /** One key per decision: a retry after a dropped answer repeats the same cancellation, never a second one. */
  key: string;
}

export function CalendarPage({ month }: { month: string }) {
  const { m, locale } = useStaffLanguage();
  const f = useFormat();
  const navigate = useStaffNavigate();
  const query = useQuery(calendarQuery(month));
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const cancel = useMutation({
    mutationFn: (c: Cancelling) => staffCalls.cancelDays(c.day.order_id, [c.day.date], c.key),
    // The month is read again before the dialog closes: the day's button is gone by then, so focus goes to the heading.
    onSuccess: async (_answer, c) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.calendar }), queryClient.invalidateQueries({ queryKey: staffKeys.orders })]);
      setCancelling(null);
      setNotice({ tone: 'success', text: m.calendar.cancelled(f.date(c.day.date)) });
    },
  });
  const go = (to: string) => void navigate({ to: '/staff/calendar', search: { month: to } });
  const name = monthName(month, locale);

  return (
    <>
      <PageTitle>{m.calendar.title}</PageTitle>
      <p className="lead">{m.calendar.intro}</p>
      <div className="month-picker" role="group" aria-label={m.calendar.month}>
        <button type="button" className="button button--secondary" onClick={() => go(shiftMonth(month, -1))}>
          <span aria-hidden="true">‹ </span>
          {m.calendar.previous}
        </button>
        <p className="month-picker__name" aria-live="polite">
          {name}
        </p>
        <button type="button" className="button button--secondary" onClick={() => go(shiftMonth(month, 1))}>
          {m.calendar.next}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <NoticeArea notice={notice} />
      <QueryState query={query}>
        {({ units, days }) => {
          if (units.length === 0) return <EmptyState>{m.calendar.noUnits}</EmptyState>;
          if (days.length === 0) return <EmptyState>{m.calendar.empty}</EmptyState>;
          return units.map((unit) => {
            const own = days.filter((d) => d.unit_id === unit.id).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
            const c = m.calendar.columns;
            return (
              <section key={unit.id} className="section" aria-labelledby={`unit-${unit.id}`}>
                <h2 id={`unit-${unit.id}`}>
                  {unit.name} <span className="muted small">{m.serviceTypes[unit.service_type]}</span>
                </h2>
                {own.length === 0 ? (
                  <EmptyState>{m.calendar.noDays}</EmptyState>
                ) : (
                  <StackTable caption={m.calendar.caption(unit.name, name)} columns={[c.date, c.status, c.who, c.order, c.actions]}>
                    {own.map((day) => (
                      <tr key={`${day.date}-${day.order_id}`}>
                        <th scope="row">{f.date(day.date)}</th>
                        <td data-label={c.status}>
                          <span className={`badge ${day.status === 'booked' ? 'badge--green' : 'badge--yellow'}`}>{day.status === 'booked' ? m.calendar.booked : m.calendar.held}</span>
                          {day.hold_expires_at ? <span className="cell-meta">{m.calendar.holdUntil(f.dateTime(day.hold_expires_at))}</span> : null}
                        </td>
                        <td data-label={c.who}>
                          {day.buyer_name ?? m.common.none}
                          {day.buyer_email ? (
                            <span className="cell-meta">
                              <a href={`mailto:${day.buyer_email}`}>{day.buyer_email}</a>
                            </span>
                          ) : null}
                        </td>
                        <td data-label={c.order}>
                          <StaffLink to="/staff/orders/$id" params={{ id: day.order_id }}>
                            {m.orders.statuses[day.order_status]}
                          </StaffLink>
                        </td>
                        <td className="cell-actions">
                          {day.cancellable ? (
                            <button
                              type="button"
                              className="button button--danger button--small"
                              aria-label={m.calendar.cancelDay(f.date(day.date), unit.name)}
                              onClick={() => {
                                cancel.reset();
                                setCancelling({ day, unitName: unit.name, key: newIdempotencyKey() });
                              }}
                            >
                              {m.calendar.cancel}
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </StackTable>
                )}
              </section>
            );
          });
        }}
      </QueryState>
      {cancelling ? (
        <ConfirmDialog
          title={m.calendar.cancelTitle}
          confirmLabel={m.calendar.cancelConfirm}
          busyLabel={m.calendar.cancelling}
          danger
          busy={cancel.isPending}
          error={cancel.isError ? errorText(m, cancel.error) : undefined}
          onConfirm={() => cancel.mutate(cancelling)}
          onClose={() => setCancelling(null)}
        >
          <p>{m.calendar.cancelText(f.date(cancelling.day.date), cancelling.unitName, cancelling.day.buyer_name ?? cancelling.day.buyer_email ?? m.calendar.someone)}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
