import type { Quote, QuoteLine } from '../../shared/domain/pricing.ts';
import { longDate } from '../../shared/domain/time.ts';
import type { CheckoutLineItem } from './provider.ts';

const labels = {
  en: {
    prorated_first_month: (q: Quote) => `first month, prorated (${q.proration?.days ?? 0} of ${q.proration?.daysInMonth ?? 0} days)`,
    last_month: () => 'last month, paid in advance',
    key_fee: () => 'key fee',
    setup_fee: () => 'setup fee',
    first_month: () => 'first month',
    day: (_q: Quote, line: QuoteLine) => (line.date ? longDate(line.date, 'en-CA') : 'day'),
    lease: '12-month lease',
  },
  fr: {
    prorated_first_month: (q: Quote) => `premier mois, au prorata (${q.proration?.days ?? 0} jours sur ${q.proration?.daysInMonth ?? 0})`,
    last_month: () => 'dernier mois, payé d’avance',
    key_fee: () => 'frais de clé',
    setup_fee: () => 'frais d’installation',
    first_month: () => 'premier mois',
    day: (_q: Quote, line: QuoteLine) => (line.date ? longDate(line.date, 'fr-CA') : 'jour'),
    lease: 'bail de 12 mois',
  },
} as const;

/** The checkout's lines, from the server's quote: what the visitor pays is exactly these amounts. */
export function lineItemsFor(quote: Quote, unitName: string, locale: 'en' | 'fr'): CheckoutLineItem[] {
  const l = labels[locale];
  const prefix = quote.product === 'office_lease' ? `${unitName} (${l.lease})` : unitName;
  return quote.lines
    .filter((line) => line.cents > 0)
    .map((line) => ({ name: `${prefix}: ${l[line.item](quote, line)}`, amountCents: line.cents, quantity: 1 }));
}
