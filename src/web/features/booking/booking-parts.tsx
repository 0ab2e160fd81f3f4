import type { ReactNode } from 'react';
import { cancellationRule } from '../../../shared/domain/cancellation.ts';
import { formatCad, type Quote } from '../../../shared/domain/pricing.ts';
import { isBilledMonthly, productRule, type Product } from '../../../shared/domain/products.ts';
import { meetingRoomAccess, termsFor } from '../../../shared/domain/terms.ts';
import { site } from '../../../shared/site.ts';
import { cancellationPolicyCatalogue, policyText } from '../../i18n/cancellation-policy.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { bookingCatalogue } from './catalogue.ts';

/** Formats cents in the visitor's language. */
export function useMoney() {
  const { lang } = useLanguage();
  return (cents: number) => formatCad(cents, lang);
}

/** SPEC §9 'Terms' for the unit's type, where the visitor decides. */
export function TermsList({ serviceType, lease }: { serviceType: string; lease?: boolean }) {
  const m = useCatalogue(bookingCatalogue);
  const terms = termsFor(serviceType);
  if (!terms) return null;
  const room = meetingRoomAccess(serviceType);
  return (
    <section className="booking-terms" aria-label={m.termsTitle}>
      <h3 className="booking-section-title">{m.termsTitle}</h3>
      <ul>
        <li>{m.terms[terms.term]}</li>
        {lease ? <li>{m.leaseLockedRate}</li> : null}
        <li>{m.noticeAndBilling(terms.noticeDays, terms.billingDayOfMonth)}</li>
        {terms.accompaniedVisitors > 0 ? <li>{m.visitors(terms.accompaniedVisitors)}</li> : null}
        <li>
          {room.kind === 'priority_unlimited'
            ? m.meetingRoomPriority
            : room.kind === 'free_hours'
              ? m.meetingRoomHours(room.hoursPerMonth, room.advanceBookingHours)
              : m.meetingRoomNone}
        </li>
      </ul>
    </section>
  );
}

/** Before paying for a rental or a subscription: its card is kept for the monthly invoices (src/shared/domain/billing.ts). */
export function CardKeptNote({ product }: { product: Product }) {
  const m = useCatalogue(bookingCatalogue);
  return isBilledMonthly(product) ? <p className="booking-note">{m.cardKept}</p> : null;
}

/**
 * The cancellation policy of what is being bought (src/shared/domain/cancellation.ts), shown
 * before the visitor pays, beside the terms: one rule, or one line per option of the chooser,
 * each under the name of its rentalType (the chooser's options are an office's products).
 */
export function CancellationPolicy({ serviceType, products: shown }: { serviceType: string; products: readonly Product[] }) {
  const m = useCatalogue(cancellationPolicyCatalogue);
  const booking = useCatalogue(bookingCatalogue);
  const text = (product: Product) => policyText(m, cancellationRule(product, serviceType), productRule(product).dates === 'many');
  return (
    <section className="booking-terms" aria-label={m.title}>
      <h3 className="booking-section-title">{m.title}</h3>
      {shown.length === 1 ? (
        <p>{text(shown[0]!)}</p>
      ) : (
        <ul>
          {shown.map((product) => (
            <li key={product}>
              <strong>{`${booking.rentalOptions[productRule(product).rentalType]}${m.labelEnd}`}</strong>
              {text(product)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A bill's amounts in cents: before tax, each tax, and what the card is charged (a Quote has them). */
export type Bill = Pick<Quote, 'subtotal' | 'gst' | 'qst' | 'total'>;

/** Whether sales taxes are charged, so shown (site.taxes.enabled: off for a small supplier). */
export function taxesCharged(): boolean {
  return site.taxes.enabled;
}

/**
 * The end of a bill: the subtotal, GST and QST (each with its rate and registration number),
 * then the total charged under `totalLabel`. With taxes off, only the total.
 */
function BillRows({ bill, totalLabel }: { bill: Bill | null; totalLabel: string }) {
  const m = useCatalogue(bookingCatalogue);
  const money = useMoney();
  const rows: [label: string, cents: number][] = bill && taxesCharged() ? [[m.subtotal, bill.subtotal], [m.tax('gst'), bill.gst], [m.tax('qst'), bill.qst]] : [];
  return (
    <>
      {rows.map(([label, cents], i) => (
        <div className={`quote__line${i === 0 ? ' quote__line--subtotal' : ' quote__line--tax'}`} key={label}>
          <dt>{label}</dt>
          <dd>{money(cents)}</dd>
        </div>
      ))}
      <div className="quote__line quote__line--total">
        <dt>{totalLabel}</dt>
        <dd>{bill ? money(bill.total) : '—'}</dd>
      </div>
    </>
  );
}

/** A booking summary: what was chosen, line by line, then the bill ('—' while there is no price). */
export function SummaryLines({ lines, bill, totalLabel }: { lines: [label: string, value: ReactNode][]; bill: Bill | null; totalLabel: string }) {
  return (
    <dl className="quote">
      {lines.map(([label, value]) => (
        <div className="quote__line" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <BillRows bill={bill} totalLabel={totalLabel} />
    </dl>
  );
}

/** The quote line by line, then its taxes and the total due today. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const m = useCatalogue(bookingCatalogue);
  const { locale } = useLanguage();
  const money = useMoney();
  return (
    <dl className="quote">
      {quote.lines.map((line, i) => {
        let label: string;
        switch (line.item) {
          case 'prorated_first_month':
            label = m.lines.prorated_first_month(quote.proration?.days ?? 0, quote.proration?.daysInMonth ?? 0);
            break;
          case 'day':
            label = formatLongDate(line.date ?? '', locale);
            break;
          default:
            label = m.lines[line.item];
        }
        return (
          <div className="quote__line" key={`${line.item}-${line.date ?? i}`}>
            <dt>{label}</dt>
            <dd>{money(line.cents)}</dd>
          </div>
        );
      })}
      <BillRows bill={quote} totalLabel={m.dueToday} />
    </dl>
  );
}
