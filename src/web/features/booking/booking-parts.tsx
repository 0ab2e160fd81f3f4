import type { ReactNode } from 'react';
import { formatCad, type Quote } from '../../../shared/domain/pricing.ts';
import { meetingRoomAccess, termsFor } from '../../../shared/domain/terms.ts';
import { formatLongDate } from '../../i18n/format.ts';
import { useLanguage, useMessages } from '../../i18n/i18n.tsx';
import { bookingMessages } from './messages.ts';

/** Formats cents in the visitor's language. */
export function useMoney() {
  const { lang } = useLanguage();
  return (cents: number) => formatCad(cents, lang);
}

/** SPEC §9 'Terms' for the unit's type, where the visitor decides. */
export function TermsList({ serviceType, lease }: { serviceType: string; lease?: boolean }) {
  const m = useMessages(bookingMessages);
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

/** A booking summary: what was chosen, line by line, then the price. */
export function SummaryLines({ lines, total }: { lines: [label: string, value: ReactNode][]; total: [label: string, value: ReactNode] }) {
  return (
    <dl className="quote">
      {lines.map(([label, value]) => (
        <div className="quote__line" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="quote__line quote__line--total">
        <dt>{total[0]}</dt>
        <dd>{total[1]}</dd>
      </div>
    </dl>
  );
}

/** The quote line by line, then the total due today. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const m = useMessages(bookingMessages);
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
      <div className="quote__line quote__line--total">
        <dt>{m.dueToday}</dt>
        <dd>{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
