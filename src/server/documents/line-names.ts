import type { InvoiceLine } from '../../shared/domain/billing.ts';
import { formatTaxRate, type Quote, type QuoteLine } from '../../shared/domain/pricing.ts';
import { longDate, type IsoDate } from '../../shared/domain/time.ts';
import { monthText, periodText } from '../../shared/domain/period-text.ts';
import { site } from '../../shared/site.ts';
import type { CheckoutLineItem } from '../payments/provider.ts';

/** The days of a monthly rental an invoice bills, both ends included: `days` of its month's `daysInMonth`. */
interface InvoicePeriod {
  start: IsoDate;
  end: IsoDate;
  days: number;
  daysInMonth: number;
}

const wholeMonth = (p: InvoicePeriod) => p.days === p.daysInMonth;

const labels = {
  en: {
    prorated_first_month: (q: Quote) => `first month, prorated (${q.proration?.days ?? 0} of ${q.proration?.daysInMonth ?? 0} days)`,
    last_month: () => 'last month, paid in advance',
    key_fee: () => 'key fee',
    setup_fee: () => 'setup fee',
    first_month: () => 'first month',
    day: (_q: Quote, line: QuoteLine) => (line.date ? longDate(line.date, 'en-CA') : 'day'),
    lease: '12-month lease',
    monthly_rent: (p: InvoicePeriod) =>
      wholeMonth(p) ? `rent, ${monthText(p.start, 'en')}` : `rent, ${periodText(p.start, p.end, 'en')} (${p.days} of ${p.daysInMonth} days)`,
    prepaid_last_month: (_p: InvoicePeriod) => 'last month paid in advance, applied',
    lease_first_month: (p: InvoicePeriod) =>
      wholeMonth(p) ? `first month, ${monthText(p.start, 'en')}` : `first month, ${periodText(p.start, p.end, 'en')} (${p.days} of ${p.daysInMonth} days)`,
    move_in_fee: (_p: InvoicePeriod) => 'move-in fee',
    security_deposit: (_p: InvoicePeriod) => 'security deposit (held, returned at the end of the lease)',
    key_fob_deposit: (_p: InvoicePeriod) => 'key fob deposit (held, returned with the fob)',
    signup_discount: (_p: InvoicePeriod) => 'signup discount',
    returned_debit_fee: (_p: InvoicePeriod) => 'handling fee of a debit refused by your bank',
    /** Between the unit and the line: French sets a space before a colon. */
    colon: ': ',
    gst: 'GST',
    qst: 'QST',
  },
  fr: {
    prorated_first_month: (q: Quote) => `premier mois, au prorata (${q.proration?.days ?? 0} jours sur ${q.proration?.daysInMonth ?? 0})`,
    last_month: () => 'dernier mois, payé d’avance',
    key_fee: () => 'frais de clé',
    setup_fee: () => 'frais d’installation',
    first_month: () => 'premier mois',
    day: (_q: Quote, line: QuoteLine) => (line.date ? longDate(line.date, 'fr-CA') : 'jour'),
    lease: 'bail de 12 mois',
    monthly_rent: (p: InvoicePeriod) =>
      wholeMonth(p) ? `loyer, ${monthText(p.start, 'fr')}` : `loyer, ${periodText(p.start, p.end, 'fr')} (${p.days} ${p.days > 1 ? 'jours' : 'jour'} sur ${p.daysInMonth})`,
    prepaid_last_month: (_p: InvoicePeriod) => 'dernier mois payé d’avance, appliqué',
    lease_first_month: (p: InvoicePeriod) =>
      wholeMonth(p) ? `premier mois, ${monthText(p.start, 'fr')}` : `premier mois, ${periodText(p.start, p.end, 'fr')} (${p.days} ${p.days > 1 ? 'jours' : 'jour'} sur ${p.daysInMonth})`,
    move_in_fee: (_p: InvoicePeriod) => 'frais d’emménagement',
    security_deposit: (_p: InvoicePeriod) => 'dépôt de garantie (détenu, remis à la fin du bail)',
    key_fob_deposit: (_p: InvoicePeriod) => 'dépôt pour la clé électronique (détenu, remis avec la clé)',
    signup_discount: (_p: InvoicePeriod) => 'rabais d’inscription',
    returned_debit_fee: (_p: InvoicePeriod) => 'frais de traitement d’un débit refusé par votre banque',
    colon: ' : ',
    gst: 'TPS',
    qst: 'TVQ',
  },
} as const;

/** 'GST (5%), no. 723456789 RT0001' / 'TPS (5 %), no 723456789 RT0001': an invoice names each tax and its number. */
export function taxLabel(tax: 'gst' | 'qst', locale: 'en' | 'fr'): string {
  const { rateThousandthsOfPercent, registrationNumber } = site.taxes[tax];
  const rate = formatTaxRate(rateThousandthsOfPercent, locale);
  return locale === 'fr' ? `${labels.fr[tax]} (${rate} %), no ${registrationNumber}` : `${labels.en[tax]} (${rate}%), no. ${registrationNumber}`;
}

/** The quote's own lines, described in one language (the checkout's, the receipt's). */
export function quoteLineNames(quote: Quote, unitName: string, locale: 'en' | 'fr'): { name: string; line: QuoteLine }[] {
  const l = labels[locale];
  const prefix = quote.product === 'office_lease' ? `${unitName} (${l.lease})` : unitName;
  return quote.lines.filter((line) => line.cents > 0).map((line) => ({ name: `${prefix}${l.colon}${l[line.item](quote, line)}`, line }));
}

/**
 * An invoice's lines, described in one language: 'Desk D-12: rent, December 2026', or for part of
 * a month 'Desk D-12: rent, December 18–31, 2026 (14 of 31 days)'. The prepaid line keeps its
 * negative amount.
 */
export function invoiceLineNames(
  lines: readonly InvoiceLine[],
  unitName: string,
  period: InvoicePeriod,
  locale: 'en' | 'fr',
): { name: string; cents: number }[] {
  const l = labels[locale];
  return lines.map(({ item, cents }) => ({ name: `${unitName}${l.colon}${l[item](period)}`, cents }));
}

/**
 * The checkout's lines, from the server's quote: each line, then GST and QST as lines of their
 * own with the server's amounts (each rounded once on the order), so the card is charged
 * exactly the receipt's total.
 */
export function lineItemsFor(quote: Quote, unitName: string, locale: 'en' | 'fr'): CheckoutLineItem[] {
  const items: CheckoutLineItem[] = quoteLineNames(quote, unitName, locale).map(({ name, line }) => ({ name, amountCents: line.cents, quantity: 1 }));
  for (const tax of ['gst', 'qst'] as const) {
    if (quote[tax] > 0) items.push({ name: taxLabel(tax, locale), amountCents: quote[tax], quantity: 1 });
  }
  return items;
}
