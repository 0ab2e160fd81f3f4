import type { BookingView, TenancyLease } from '../../../shared/contract/bookings.ts';
import { padReturnReason } from '../../../shared/domain/pad-returns.ts';
import { formatCad } from '../../../shared/domain/pricing.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { useOnline } from '../../app/use-online.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useCatalogue, useLanguage } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { InfoRow } from '../../ui/info-list.tsx';
import { ContactLinks } from '../../ui/space-info.tsx';
import { leaseUrl, type LoadedBooking, type Returned } from './api/booking.ts';
import { ticketDate } from './booking-rules.ts';
import { manageBookingCatalogue } from './catalogue.ts';
import { RentalBillingSection } from './rental-billing.tsx';

/**
 * A tenancy's page, /booking/{token} opened by a signed lease's link: the lease as signed, the
 * PAD agreement it is paid by (and whether its debits stopped), the deposits held, its invoices
 * with their debits and Pay now, and the signed lease. Readable offline once opened, as any booking.
 */
export function TenancyDetails({ token, loaded, lease, returned }: { token: string; loaded: LoadedBooking; lease: TenancyLease; returned?: Returned }) {
  const m = useCatalogue(manageBookingCatalogue);
  const common = useCatalogue(appCatalogue);
  const { lang, locale } = useLanguage();
  const online = useOnline();
  const { booking } = loaded;
  const money = (cents: number) => formatCad(cents, lang);
  const date = (d: string) => ticketDate(d, locale);
  const state = booking.billing?.state ?? 'active';
  const tone = ({ active: 'paid', ending: 'paid', ended: 'closed', overdue: 'pending' } as const)[state];
  const typeName = isServiceType(booking.serviceType) ? common.serviceTypes[booking.serviceType] : booking.serviceType;

  return (
    <div className="manage">
      <h1 className="manage__title">{m.leaseTitle}</h1>
      <p className={`manage__status manage__status--${tone}`}>
        <span className="visually-hidden">{m.statusLabel}: </span>
        {m.rentalStatus[state]}
      </p>
      <p className="manage__meta">
        {m.leaseMeta(formatDateTime(lease.signedAt, locale))} · {m.lastUpdated(formatDateTime(loaded.asOf, locale))}
      </p>
      {loaded.fromDevice ? <Alert tone="warning">{online ? m.serverCopy : m.savedCopy}</Alert> : null}
      {returned ? <Alert tone={returned === 'cancelled' ? 'info' : 'success'}>{{ paid: m.returnedPaid, card: m.returnedCard, cancelled: m.returnedCancelled }[returned]}</Alert> : null}
      {lease.debitsStopped ? <Alert tone="warning">{stoppedText(m, lease.debitsStopped, lang, date)}</Alert> : null}
      {booking.billing?.lastDay ? <Alert tone="info">{state === 'ended' ? m.leaseEndedOn(date(booking.billing.lastDay)) : m.leaseEndsOn(date(booking.billing.lastDay))}</Alert> : null}

      <section className="info-card" aria-labelledby="lease-heading">
        <h2 id="lease-heading">{m.leaseDetails}</h2>
        <dl className="info-list">
          <InfoRow term={m.company}>{lease.company}</InfoRow>
          <InfoRow term={m.space}>{booking.officeName}</InfoRow>
          <InfoRow term={m.type}>{typeName}</InfoRow>
          <InfoRow term={m.startDate}>{date(booking.startDate)}</InfoRow>
          <InfoRow term={m.term}>{m.termValue(lease.termMonths, date(lease.termEndsOn))}</InfoRow>
          <InfoRow term={m.paidBy}>{m.padAccount(lease.account)}</InfoRow>
        </dl>
        <p>{m.leaseChanges}</p>
      </section>

      {booking.billing ? <RentalBillingSection token={token} billing={booking.billing} fromDevice={loaded.fromDevice} /> : null}

      {lease.deposits.length > 0 ? (
        <section className="info-card" aria-labelledby="deposits-heading">
          <h2 id="deposits-heading">{m.depositsTitle}</h2>
          <ul className="manage__refunds">
            {lease.deposits.map((d) => (
              <li key={d.kind}>
                {m.depositLine(m.depositKind[d.kind], money(d.cents), d.returnedOn !== null && d.returnedCents !== null ? m.depositReturned(money(d.returnedCents), date(d.returnedOn)) : state === 'ended' ? m.depositToReturn : m.depositHeld)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="info-card" aria-labelledby="lease-document-heading">
        <h2 id="lease-document-heading">{m.leaseDocument}</h2>
        <div className="manage__actions">
          {online ? (
            <a className="button button--secondary" href={leaseUrl(token)} type="application/pdf">
              {m.downloadLease}
            </a>
          ) : (
            <p className="manage__offline">{m.downloadNeedsConnection}</p>
          )}
        </div>
      </section>
      <ContactLinks />
    </div>
  );
}

function stoppedText(m: (typeof manageBookingCatalogue)['en'], stopped: NonNullable<TenancyLease['debitsStopped']>, lang: BookingView['language'], date: (d: string) => string): string {
  if (stopped.revoked || stopped.returnCode === null) return m.debitsStoppedRevoked(date(stopped.lastDebitOn));
  const reason = padReturnReason(stopped.returnCode, lang);
  return m.debitsStoppedReturn(date(stopped.lastDebitOn), reason);
}
