import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { checkoutDetails as checkoutDetailsSchema, type CheckoutDetails } from '../../../shared/contract/orders.ts';
import { dayHoursOf, isPricedPerDay, isServiceType, type OpeningHours } from '../../../shared/domain/products.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { site } from '../../../shared/site.ts';
import { useOnline } from '../../app/use-online.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatLongDate, formatMoney } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { localKeys } from '../../../shared/storage-names.ts';
import { readLocal, removeLocal } from '../../storage/local.ts';
import { AddToCalendarButton } from '../../ui/add-to-calendar.tsx';
import { Alert } from '../../ui/alert.tsx';
import { downloadCalendarFile } from '../../ui/calendar-download.ts';
import { AccessInformation, ContactLinks } from '../../ui/space-info.tsx';
import { orderQueryOptions, receiptUrl } from './api/get-order.ts';
import { playConfetti } from './confetti.ts';
import { checkoutSuccessCatalogue } from './catalogue.ts';
import './checkout-success.css';

type Purchase = { details: CheckoutDetails; dates: IsoDate[] };

/** A room or a pass: bought for a day, not rented (products.ts). */
const isDayPurchase = (serviceType: string) => isServiceType(serviceType) && isPricedPerDay(serviceType);

/** checkoutDetails is read once: the next visit to this page must not show an old purchase. */
function useSavedCheckoutDetails(): CheckoutDetails | null {
  const [saved] = useState(() => readLocal(localKeys.checkoutDetails, checkoutDetailsSchema) ?? null);
  useEffect(() => removeLocal(localKeys.checkoutDetails), []);
  return saved;
}

export function CheckoutSuccessPage({ sessionId }: { sessionId: string | undefined }) {
  const m = useCatalogue(checkoutSuccessCatalogue);
  const saved = useSavedCheckoutDetails();
  // Asked even when this browser saved the details: only the server knows a late payment was refunded.
  const order = useQuery({ ...orderQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
  const refund = order.data?.status === 'refunded' || order.data?.status === 'refund_pending' ? order.data.status : null;
  // Every day of it cancelled through its manage link (rather than paid too late).
  const cancelled = refund !== null && order.data?.refundReason === 'cancelled';
  const manageToken = order.data?.manageToken;
  // The receipt exists once the server says the order is paid; offline it could not be fetched.
  const online = useOnline();
  const receipt = sessionId && online && order.data?.status === 'paid' ? receiptUrl(sessionId) : null;

  let purchase: Purchase | null = null;
  let state: 'shown' | 'checking' | 'not-paid' | 'refunded' | 'unknown' = 'unknown';
  if (refund) {
    state = 'refunded';
  } else if (saved) {
    purchase = { details: saved, dates: isDayPurchase(saved.serviceType) || saved.rentalType === 'daily' ? [saved.bookingDate] : [] };
    state = 'shown';
  } else if (sessionId && (order.isPending || order.data?.status === 'pending')) {
    state = 'checking';
  } else if (order.data?.status === 'paid') {
    purchase = { details: order.data.checkoutDetails, dates: order.data.bookingDates };
    state = 'shown';
  } else if (order.data) {
    state = 'not-paid';
  }
  const celebrate = state === 'shown' || state === 'unknown';
  // While the server is first asked (a round trip), what comes after the purchase waits for its
  // answer: painted now, the contact links and buttons would jump down when the details arrive.
  // Offline (the query paused) they show at once, and they stay while a pending order is asked again.
  const asking = state === 'checking' && order.isPending && order.fetchStatus === 'fetching';

  const heading = state === 'not-paid' ? m.notPaidTitle : cancelled ? m.cancelledTitle : refund === 'refunded' ? m.refundedTitle : refund === 'refund_pending' ? m.refundPendingTitle : m.title;
  useEffect(() => {
    document.title = `${heading} - ${site.productName}`;
  }, [heading]);

  useEffect(() => (celebrate ? playConfetti() : undefined), [celebrate]);

  return (
    <div className="success">
      <h1 className="success__title">{heading}</h1>
      {state === 'checking' ? (
        <p className="status-text" role="status">
          {m.checking}
        </p>
      ) : state === 'not-paid' ? (
        <Alert tone="warning">{m.notPaid}</Alert>
      ) : state === 'refunded' ? (
        <Alert tone="warning">{cancelled ? m.cancelled : refund === 'refunded' ? m.refunded : m.refundPending}</Alert>
      ) : (
        <p>{m.thanks}</p>
      )}
      {state === 'unknown' ? <p>{m.noDetails}</p> : null}
      {purchase ? <PurchaseDetails purchase={purchase} receiptNumber={order.data?.receiptNumber} receipt={receipt} /> : null}
      {manageToken ? (
        <section className="info-card" aria-labelledby="manage-heading">
          <h2 id="manage-heading">{m.manageTitle}</h2>
          <p>{m.manageIntro}</p>
          <Link to="/booking/$token" params={{ token: manageToken }} className="button button--secondary">
            {m.manageLink}
          </Link>
        </section>
      ) : null}
      {state === 'shown' || state === 'unknown' ? (
        <>
          <p>{m.contactNote}</p>
          <AccessInformation />
        </>
      ) : null}
      {asking ? null : (
        <>
          <ContactLinks />
          <div className="success__actions">
            <Link to="/" className="button button--primary">
              {m.viewMoreSpaces}
            </Link>
            <a href={site.mainSiteUrl} className="button button--secondary">
              {m.visitMainSite}
            </a>
          </div>
        </>
      )}
    </div>
  );
}

function PurchaseDetails({ purchase: { details, dates }, receiptNumber, receipt }: { purchase: Purchase; receiptNumber: string | undefined; receipt: string | null }) {
  const m = useCatalogue(checkoutSuccessCatalogue);
  const common = useCatalogue(appCatalogue);
  const { locale } = useLanguage();
  const money = (dollars: number) => formatMoney(dollars, locale);
  const isDay = isDayPurchase(details.serviceType);
  const rented = !isDay;
  const option = details.rentalType === 'daily' || details.rentalType === 'monthly' || details.rentalType === 'standard' ? details.rentalType : 'lease';
  const typeName = isServiceType(details.serviceType) ? common.serviceTypes[details.serviceType] : details.serviceType;

  const rows: [string, string][] = [
    [m.item, details.officeName],
    [m.type, typeName],
  ];
  if (!isDay && details.serviceType !== 'mailbox') rows.push([m.option, m.options[option]]);
  if (dates.length > 0) rows.push([dates.length > 1 ? m.dates : m.date, dates.map((d) => formatLongDate(d, locale)).join(', ')]);
  else rows.push([m.startDate, formatLongDate(details.bookingDate, locale)]);
  if (option === 'daily' && !isDay) rows.push([m.days, String(details.totalDays)], [m.dailyRate, money(details.dailyRate)]);
  if (!isDay && option !== 'daily') rows.push([m.monthlyRate, money(details.monthlyRate)]);
  if (details.proratedFirstMonth > 0) rows.push([m.proratedFirstMonth, money(details.proratedFirstMonth)]);
  if (details.lastMonth > 0) rows.push([m.lastMonth, money(details.lastMonth)]);
  if (details.keyFee > 0) rows.push([m.keyFee, money(details.keyFee)]);
  if (details.setupFee > 0) rows.push([m.setupFee, money(details.setupFee)]);
  // Details saved before taxes were charged carry no subtotal: then only the total paid.
  if (site.taxes.enabled && details.subtotal !== undefined) {
    rows.push([m.subtotal, money(details.subtotal)], [m.tax('gst'), money(details.gst ?? 0)], [m.tax('qst'), money(details.qst ?? 0)]);
  }

  const hours = dayHoursOf(details.serviceType);
  const downloadCalendar = (hours: OpeningHours) => {
    const summary = details.serviceType === 'conference_room' ? m.calendarSummaryConference(details.officeName) : m.calendarSummaryDayPass;
    const description = details.serviceType === 'conference_room' ? m.conferenceNote : m.dayPassNote;
    return downloadCalendarFile(
      receiptNumber ?? `${details.officeName}-${details.bookingDate}`,
      dates.map((date) => ({ date, opens: hours.opens, closes: hours.closes, summary, description, stamp: new Date() })),
      `${details.serviceType === 'conference_room' ? 'conference-room' : 'day-pass'}-${dates[0] ?? 'booking'}.ics`,
    );
  };

  return (
    <section className="info-card" aria-labelledby="purchase-heading">
      {rented ? <Alert tone="success">{m.rented(details.officeName)}</Alert> : null}
      <h2 id="purchase-heading">{m.purchaseDetails}</h2>
      <dl className="info-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="info-list__total">
          <dt>{m.totalPaid}</dt>
          <dd>{money(details.totalAmount)}</dd>
        </div>
      </dl>
      {receipt ? (
        <a className="button button--secondary" href={receipt} type="application/pdf">
          {m.downloadReceipt}
        </a>
      ) : null}
      {details.serviceType === 'conference_room' ? <p>{m.conferenceNote}</p> : null}
      {details.serviceType === 'day_pass' ? <p>{m.dayPassNote}</p> : null}
      {isDay && hours && dates.length > 0 ? (
        <AddToCalendarButton download={() => downloadCalendar(hours)} />
      ) : null}
    </section>
  );
}
