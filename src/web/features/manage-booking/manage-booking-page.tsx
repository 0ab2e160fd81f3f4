import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookingView } from '../../../shared/contract/bookings.ts';
import { formatCad } from '../../../shared/domain/pricing.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { site } from '../../../shared/site.ts';
import { ApiRequestError } from '../../app/api.ts';
import { useOnline } from '../../app/use-online.ts';
import { cancellationPolicyCatalogue, policyText } from '../../i18n/cancellation-policy.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { AddToCalendarButton } from '../../ui/add-to-calendar.tsx';
import { Alert } from '../../ui/alert.tsx';
import { InfoRow } from '../../ui/info-list.tsx';
import { downloadCalendarFile } from '../../ui/calendar-download.ts';
import { AccessInformation, ContactLinks } from '../../ui/space-info.tsx';
import { bookingQueryOptions, creditNoteUrl, isUnknownBooking, receiptUrl, type LoadedBooking, type Returned } from './api/booking.ts';
import { cancellableDays, refundOf, ticketDate } from './booking-rules.ts';
import { CancelDialog, NoticeDialog } from './change-dialogs.tsx';
import { manageBookingCatalogue } from './catalogue.ts';
import { RentalBillingSection } from './rental-billing.tsx';
import { TenancyDetails } from './tenancy-details.tsx';

import './manage-booking.css';
import '../../ui/info-card.css';

/**
 * A paid order's private page, /booking/{token} (the visitor's ticket): what was bought, its
 * status, the receipt, the calendar file, the access codes, and the policy with what cancelling
 * (or giving notice) now means. Readable offline once opened; changes need a connection.
 */
export function ManageBookingPage({ token, returned }: { token: string | null; returned?: Returned }) {
  const m = useCatalogue(manageBookingCatalogue);
  const query = useQuery({ ...bookingQueryOptions(token ?? ''), enabled: token !== null });
  const unknown = token === null || isUnknownBooking(query.error);
  // Unreachable with no copy on this device: nothing says the link is real, so it reads as not found.
  const unreachable = query.error instanceof ApiRequestError && query.error.problem.kind === 'network';
  const heading = unknown || unreachable ? m.notFoundTitle : query.isError ? m.loadFailedTitle : m.title;
  useEffect(() => {
    document.title = `${heading} - ${site.productName}`;
  }, [heading]);

  if (unknown || unreachable) {
    return (
      <div className="manage">
        <h1 className="manage__title">{m.notFoundTitle}</h1>
        <p>{unknown ? m.notFound : m.offlineNoCopy}</p>
        <ContactLinks />
      </div>
    );
  }
  if (query.isError) {
    const problem = query.error instanceof ApiRequestError ? query.error.problem : null;
    return (
      <div className="manage">
        <h1 className="manage__title">{m.loadFailedTitle}</h1>
        <Alert
          tone="error"
          action={
            <button type="button" className="button button--primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {m.tryAgain}
            </button>
          }
        >
          {problem?.kind === 'rate-limited' ? m.rateLimited(problem.seconds) : m.loadFailed}
        </Alert>
        <ContactLinks />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="manage">
        <h1 className="manage__title">{m.title}</h1>
        <p className="status-text" role="status">
          {m.loading}
        </p>
      </div>
    );
  }
  const lease = query.data.booking.lease;
  if (lease) return <TenancyDetails token={token!} loaded={query.data} lease={lease} returned={returned} />;
  return <BookingDetails token={token!} loaded={query.data} returned={returned} />;
}

function BookingDetails({ token, loaded, returned }: { token: string; loaded: LoadedBooking; returned?: Returned }) {
  const m = useCatalogue(manageBookingCatalogue);
  const policy = useCatalogue(cancellationPolicyCatalogue);
  const common = useCatalogue(appCatalogue);
  const { lang, locale } = useLanguage();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'cancel' | 'notice' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const { booking } = loaded;
  const money = (cents: number) => formatCad(cents, lang);
  const date = (d: string) => ticketDate(d, locale);
  const now = Date.now();
  const open = cancellableDays(booking, now);
  const booked = booking.days.filter((d) => d.status === 'booked');
  const active = booking.state === 'paid' || booking.state === 'partly_cancelled';
  const typeName = isServiceType(booking.serviceType) ? common.serviceTypes[booking.serviceType] : booking.serviceType;
  const option = m.options[booking.product];
  // A rental's status is its billing's (an invoice overdue, its end) once its checkout is paid.
  const rental = booking.state === 'paid' ? booking.billing?.state : undefined;
  const tone = rental ? ({ active: 'paid', ending: 'paid', ended: 'closed', overdue: 'pending' } as const)[rental] : booking.state === 'paid' ? 'paid' : booking.refund === 'pending' ? 'pending' : 'closed';

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const applied = (next: BookingView, message: string) => {
    queryClient.setQueryData(bookingQueryOptions(token).queryKey, { booking: next, fromDevice: false, asOf: next.checkedAt });
    setDialog(null);
    setDone(message);
  };

  const downloadCalendar = async () => {
    if (!booking.hours) return;
    const hours = booking.hours;
    await downloadCalendarFile(
      booking.reference,
      booked.map((d) => ({
        date: d.date,
        opens: hours.opens,
        closes: hours.closes,
        summary: m.calendarSummary(booking.officeName, booking.product),
        description: policyText(policy, booking.policy, booking.days.length > 1),
        stamp: new Date(booking.paidAt),
      })),
      `booking-${booking.reference}.ics`,
    );
  };

  return (
    <div className="manage">
      <h1 className="manage__title">{m.title}</h1>
      <p className={`manage__status manage__status--${tone}`}>
        <span className="visually-hidden">{m.statusLabel}: </span>
        {rental ? m.rentalStatus[rental] : m.status(booking.state, booking.refund)}
      </p>
      <p className="manage__meta">
        {m.receiptNo(booking.reference)} · {m.lastUpdated(formatDateTime(loaded.asOf, locale))}
      </p>
      {loaded.fromDevice ? <Alert tone="warning">{online ? m.serverCopy : m.savedCopy}</Alert> : null}
      {done ? (
        <div ref={doneRef} tabIndex={-1}>
          <Alert tone="success">{done}</Alert>
        </div>
      ) : returned ? (
        <Alert tone={returned === 'cancelled' ? 'info' : 'success'}>{{ paid: m.returnedPaid, card: m.returnedCard, cancelled: m.returnedCancelled }[returned]}</Alert>
      ) : null}
      {booking.state === 'not_booked' ? <Alert tone="warning">{m.notBookedNote}</Alert> : null}
      {booking.refund === 'pending' && booking.state !== 'not_booked' ? <p className="manage__note">{m.refundPendingNote}</p> : null}

      <section className="info-card" aria-labelledby="purchase-heading">
        <h2 id="purchase-heading">{m.purchase}</h2>
        <dl className="info-list">
          <InfoRow term={m.space}>{booking.officeName}</InfoRow>
          <InfoRow term={m.type}>{typeName}</InfoRow>
          {option ? <InfoRow term={m.option}>{option}</InfoRow> : null}
          {booking.days.length === 0 ? <InfoRow term={m.startDate}>{date(booking.startDate)}</InfoRow> : null}
          {booking.hours ? <InfoRow term={m.hours}>{m.hoursValue(policy.hour(booking.hours.opens), policy.hour(booking.hours.closes))}</InfoRow> : null}
          <InfoRow term={m.totalPaid} className="info-list__total">{money(booking.paid.total)}</InfoRow>
        </dl>
        {booking.days.length > 0 ? (
          <>
            <h3>{booking.days.length > 1 ? m.dates : m.date}</h3>
            <ul className="manage__days">
              {booking.days.map((d) => (
                <li key={d.date} className={d.status === 'cancelled' ? 'manage__day manage__day--cancelled' : 'manage__day'}>
                  <span className="manage__day-date">{date(d.date)}</span>
                  <span className="manage__day-state">
                    {d.status === 'cancelled'
                      ? m.dayCancelled
                      : `${m.dayBooked} · ${open.includes(d.date) ? m.cancellableUntil(formatDateTime(d.cancellableUntil, locale)) : m.notCancellable}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="info-card" aria-labelledby="policy-heading">
        <h2 id="policy-heading">{policy.title}</h2>
        <p>{policyText(policy, booking.policy, booking.days.length > 1)}</p>
        {booking.policy.kind === 'by_day' && active ? (
          open.length > 0 ? (
            <>
              <p className="manage__refund">{m.cancelNowRefunds(money(refundOf(booking, open).total))}</p>
              <div className="manage__actions">
                <button type="button" className="button button--danger" onClick={() => setDialog('cancel')} disabled={!online} aria-describedby={online ? undefined : 'cancel-offline'}>
                  {open.length > 1 || booked.length > 1 ? m.cancelDays : m.cancelBooking}
                </button>
                {online ? null : (
                  <p id="cancel-offline" className="manage__offline">
                    {m.needsConnection}
                  </p>
                )}
              </div>
            </>
          ) : (
            <p>{m.tooLate}</p>
          )
        ) : null}
        {booking.policy.kind === 'by_day' && !active && booking.state !== 'not_booked' ? <p>{m.nothingLeft}</p> : null}
        {booking.policy.kind === 'notice' ? (
          booking.notice ? (
            <p className="manage__refund">{m.noticeGiven(date(booking.notice.givenOn), date(booking.notice.endsOn))}</p>
          ) : booking.billing?.lastDay ? (
            // Ended by the space without notice (staff ended it at once).
            <p className="manage__refund">{m.rentalEndedOn(date(booking.billing.lastDay))}</p>
          ) : booking.endsIfNoticeToday ? (
            <>
              <p className="manage__refund">{m.noticeToday(date(booking.endsIfNoticeToday))}</p>
              <div className="manage__actions">
                <button type="button" className="button button--secondary" onClick={() => setDialog('notice')} disabled={!online} aria-describedby={online ? undefined : 'notice-offline'}>
                  {m.giveNotice}
                </button>
                {online ? null : (
                  <p id="notice-offline" className="manage__offline">
                    {m.noticeNeedsConnection}
                  </p>
                )}
              </div>
            </>
          ) : null
        ) : null}
      </section>

      {booking.billing ? <RentalBillingSection token={token} billing={booking.billing} fromDevice={loaded.fromDevice} /> : null}

      {booking.refunds.length > 0 ? (
        <section className="info-card" aria-labelledby="refunds-heading">
          <h2 id="refunds-heading">{m.refundsTitle}</h2>
          <ul className="manage__refunds">
            {booking.refunds.map((r, i) => (
              <li key={r.creditNote ?? i}>
                {r.creditNote ? m.refundLine(r.creditNote, money(r.amounts.total)) : money(r.amounts.total)} · {r.status === 'refunded' ? m.refundDone : m.refundPending}
                {r.creditNote && online ? (
                  <>
                    {' '}
                    <a href={creditNoteUrl(token, r.creditNote)} type="application/pdf">
                      {m.downloadCreditNote(r.creditNote)}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="info-card" aria-labelledby="documents-heading">
        <h2 id="documents-heading">{booking.hours && booked.length > 0 ? m.documents : m.receiptTitle}</h2>
        <div className="manage__actions">
          {online ? (
            <a className="button button--secondary" href={receiptUrl(token)} type="application/pdf">
              {m.downloadReceipt}
            </a>
          ) : (
            <p className="manage__offline">{m.downloadNeedsConnection}</p>
          )}
          {booking.hours && booked.length > 0 ? (
            <AddToCalendarButton download={downloadCalendar} />
          ) : null}
        </div>
      </section>

      {booking.hours && booked.length > 0 && active ? <AccessInformation /> : null}
      <ContactLinks />

      {dialog === 'cancel' ? (
        <CancelDialog
          token={token}
          booking={booking}
          cancellable={open}
          onClose={() => setDialog(null)}
          onCancelled={(next, refunded) => applied(next, m.cancelled(money(refunded)))}
          onStale={() => void queryClient.invalidateQueries({ queryKey: bookingQueryOptions(token).queryKey })}
        />
      ) : null}
      {dialog === 'notice' && booking.endsIfNoticeToday ? (
        <NoticeDialog
          token={token}
          booking={booking}
          onClose={() => setDialog(null)}
          onGiven={(next) => applied(next, m.noticeRecorded(date(next.notice?.endsOn ?? booking.endsIfNoticeToday!)))}
          onStale={() => void queryClient.invalidateQueries({ queryKey: bookingQueryOptions(token).queryKey })}
        />
      ) : null}
    </div>
  );
}
