import { site } from '../site.ts';
import { addMonths } from './booking-windows.ts';
import { padDebitDay, padInvoiceDay } from './pad.ts';
import { roundDiv, taxedTotal, type Cents, type TaxedTotal } from './pricing.ts';
import type { Product } from './products.ts';
import { addDays, daysBetween, lastDayOfMonth, type IsoDate } from './time.ts';

/*
 * A rental's monthly billing (SPEC §9 'Terms': billing is on the 1st of each month), in calendar
 * months at the space. The checkout pays the first month (prorated to the month's end); a
 * mailbox plan's checkout pays a full month, from the purchase day to the day before the same
 * date next month. From the first day the checkout did not pay for, each period runs to the end
 * of its month (prorated by days when it starts later than the 1st) or to the rental's last day,
 * and is invoiced the day it begins. The last month paid in advance at checkout pays the final
 * period; what it leaves over is refunded.
 */

/** Days of one month a rental is billed for, both ends included, at the space. */
export interface BillingPeriod {
  start: IsoDate;
  end: IsoDate;
  /** How many days it covers, and how many its month has: the rent is prorated by them. */
  days: number;
  daysInMonth: number;
}

/**
 * The last day a rental's checkout paid for. A rental's first month is prorated to the end of
 * its month; a mailbox plan's is a whole month: to the day before the same date next month, or
 * to that month's last day when it has no such date (bought 31 January: to 28 February).
 */
export function checkoutPaidThrough(product: Product, startDate: IsoDate): IsoDate {
  if (product !== 'mailbox') return lastDayOfMonth(startDate);
  const sameDateNextMonth = addMonths(startDate, 1);
  // Temporal clamps a missing date to the month's last day: that day is then the last one paid.
  return sameDateNextMonth.slice(8) === startDate.slice(8) ? addDays(sameDateNextMonth, -1) : sameDateNextMonth;
}

/** The period that begins on `start`: to the end of its month, or to the rental's last day when that comes first. */
export function periodFrom(start: IsoDate, endsOn: IsoDate | null): BillingPeriod {
  const last = lastDayOfMonth(start);
  const end = endsOn !== null && endsOn < last ? endsOn : last;
  return { start, end, days: daysBetween(start, end) + 1, daysInMonth: Number(last.slice(8)) };
}

/**
 * Every period from `firstDay` (the first day not yet invoiced) that has begun by `today`, in
 * order: a round that missed some (a server down on the 1st) issues them all, none twice.
 */
export function periodsDue(firstDay: IsoDate, today: IsoDate, endsOn: IsoDate | null): BillingPeriod[] {
  const due: BillingPeriod[] = [];
  for (let start = firstDay; start <= today && (endsOn === null || start <= endsOn); ) {
    const period = periodFrom(start, endsOn);
    due.push(period);
    start = addDays(period.end, 1);
  }
  return due;
}

/** The rent of a period: the month's rent for a whole month, else prorated by its days, to the cent. */
export function periodRentCents(monthly: Cents, period: BillingPeriod): Cents {
  return period.days === period.daysInMonth ? monthly : roundDiv(monthly * period.days, period.daysInMonth);
}

/**
 * What a line of an invoice bills: the period's rent, or the prepaid last month applied to it
 * (negative); a lease's initial invoice bills SPEC §9's initial payment, line by line (its
 * deposits are held, not sold: `depositItems`).
 */
export const invoiceItems = ['monthly_rent', 'prepaid_last_month', 'lease_first_month', 'move_in_fee', 'security_deposit', 'key_fob_deposit', 'signup_discount', 'returned_debit_fee'] as const;
export type InvoiceItem = (typeof invoiceItems)[number];
export const depositItems: readonly InvoiceItem[] = ['security_deposit', 'key_fob_deposit'];

/** A line of an invoice, in cents before tax (a discount or a credit negative). */
export interface InvoiceLine {
  item: InvoiceItem;
  cents: Cents;
}

/** What a period's invoice charges, and, on the final one, what the prepaid month leaves over (before tax) to refund. */
export interface PeriodCharges extends TaxedTotal {
  lines: InvoiceLine[];
  surplusCents: Cents;
}

/**
 * The invoice of a period. On the rental's final period the last month paid in advance (taxed
 * at checkout) is applied as a negative line of the same taxable kind, up to the period's rent,
 * so its GST and QST come off too and nothing is charged twice; what it leaves over is refunded.
 */
export function periodCharges(monthly: Cents, period: BillingPeriod, finalWithPrepaid: Cents | null): PeriodCharges {
  const rent = periodRentCents(monthly, period);
  const lines: InvoiceLine[] = [{ item: 'monthly_rent', cents: rent }];
  let surplusCents = 0;
  if (finalWithPrepaid !== null && finalWithPrepaid > 0) {
    const applied = Math.min(finalWithPrepaid, rent);
    if (applied > 0) lines.push({ item: 'prepaid_last_month', cents: -applied });
    surplusCents = finalWithPrepaid - applied;
  }
  return { lines, surplusCents, ...taxedTotal(lines) };
}

/**
 * What staff ending a rental at once (after `lastDay`) credits on the invoice of the period that
 * day falls in: the rent it billed less the rent of its days up to `lastDay`, before tax.
 */
export function unusedDaysCents(monthly: Cents, billedRent: Cents, periodStart: IsoDate, lastDay: IsoDate): Cents {
  return Math.max(0, billedRent - periodRentCents(monthly, periodFrom(periodStart, lastDay)));
}

/**
 * How much of the prepaid last month (before tax, `left` of it) an invoice still owing
 * `owedTotal` (taxes included) takes: the most whose taxed total does not exceed what it owes.
 * It was taxed at checkout, so its GST and QST come off the invoice with it.
 */
function prepaidToApply(owedTotal: Cents, left: Cents): Cents {
  let low = 0;
  let high = Math.max(0, Math.min(left, owedTotal));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (taxedTotal([{ item: 'prepaid_last_month', cents: mid }]).total <= owedTotal) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The credit note that applies the prepaid last month to an invoice owing `owedTotal`, taxes
 * included, and how much of the month (before tax) it uses. When what is left covers the invoice,
 * the note's total is exactly what it owes: a cent more of rent can add two or three of tax, so the
 * most that fits may fall short by a cent or two, and that rounding goes to the QST rather than
 * leaving a cent owed (a charge the card could not even take). Otherwise it applies all that is left.
 */
export function prepaidCredit(owedTotal: Cents, left: Cents): { applied: Cents; amounts: TaxedTotal } | null {
  if (owedTotal <= 0 || left <= 0) return null;
  const all = taxedTotal([{ item: 'prepaid_last_month', cents: left }]);
  if (all.total <= owedTotal) return { applied: left, amounts: all };
  const applied = prepaidToApply(owedTotal, left);
  const fits = taxedTotal([{ item: 'prepaid_last_month', cents: applied }]);
  return { applied, amounts: { ...fits, qst: fits.qst + owedTotal - fits.total, total: owedTotal } };
}

/** How many times an invoice's payment is tried: on its billing day, then after each retry delay. */
export const triesPerInvoice = 1 + site.billing.retryAfterDays.length;

/**
 * The day of the next try after `failedTries` failed ones, counted from the first try's day; null
 * after the last, when staff are told and the rental is overdue.
 */
export function nextTryOn(firstTryOn: IsoDate, failedTries: number): IsoDate | null {
  const delay = site.billing.retryAfterDays[failedTries - 1];
  return delay === undefined ? null : addDays(firstTryOn, delay);
}

/** What a rental's next period not invoiced yet is, and its charges; null once its last period is invoiced. */
function nextPeriodOf(rental: { nextPeriodStart: IsoDate; endsOn: IsoDate | null; monthlyCents: Cents; prepaidLastMonthCents: Cents }): { period: BillingPeriod; charges: PeriodCharges } | null {
  if (rental.endsOn !== null && rental.nextPeriodStart > rental.endsOn) return null;
  const period = periodFrom(rental.nextPeriodStart, rental.endsOn);
  const final = rental.endsOn !== null && period.end === rental.endsOn;
  return { period, charges: periodCharges(rental.monthlyCents, period, final ? rental.prepaidLastMonthCents : null) };
}

/**
 * What a rental's next invoice will be: its day and its total, taxes included; null once its last
 * period is invoiced. A tenancy paid by PAD has it issued on the 20th of the month before its period.
 */
export function nextInvoice(rental: { nextPeriodStart: IsoDate; endsOn: IsoDate | null; monthlyCents: Cents; prepaidLastMonthCents: Cents; paysBy: 'card' | 'pad' }): { on: IsoDate; cents: Cents } | null {
  const next = nextPeriodOf(rental);
  if (!next) return null;
  return { on: rental.paysBy === 'pad' ? padInvoiceDay(next.period.start) : next.period.start, cents: next.charges.total };
}

/** Whether a tenancy's period bills the PAD agreement's fixed amount (a whole month at the rate signed), which the contract debits without notice. */
export function isAgreementAmount(charges: PeriodCharges, monthlyCents: Cents): boolean {
  return charges.lines.length === 1 && charges.lines[0]!.item === 'monthly_rent' && charges.lines[0]!.cents === monthlyCents;
}

/** A PAD tenancy's next month not invoiced yet: the day it will be debited (padDebitDay, from its invoice's day) and its total. */
export function nextMonthlyDebit(rental: { nextPeriodStart: IsoDate; endsOn: IsoDate | null; monthlyCents: Cents }): { on: IsoDate; cents: Cents } | null {
  const next = nextPeriodOf({ ...rental, prepaidLastMonthCents: 0 });
  if (!next) return null;
  return { on: padDebitDay(next.period.start, isAgreementAmount(next.charges, rental.monthlyCents), padInvoiceDay(next.period.start)).on, cents: next.charges.total };
}
