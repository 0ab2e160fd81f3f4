import { Temporal } from 'temporal-polyfill';
import { proratedFirstMonthCents, rateToCents, taxedTotal, type ChargeItem, type TaxRules } from './pricing.ts';
import { site } from '../site.ts';
import { isIsoDate, type IsoDate } from './time.ts';

export { formatCad } from './pricing.ts';

/** How the move-in fee of a lease offer is set; an offer without one acts as monthly_rate. */
export const moveInFeeTypes = ['monthly_rate', 'fixed_amount', 'none'] as const;
export type MoveInFeeType = (typeof moveInFeeTypes)[number];

/** The key fob deposit of every lease, in cents. */
export const keyFobDepositCents = 7_500;

/** An amount as the API carries it: a number of dollars, or a decimal string such as '1200.00'. */
export type DollarAmount = number | string | null | undefined;

/** An amount of an offer in whole cents; a missing or unreadable one counts as 0. */
export function amountToCents(amount: DollarAmount): number {
  return rateToCents(amount) ?? 0;
}

export interface LeasePaymentTerms {
  monthly_rate: DollarAmount;
  /** Taken off the monthly rate every month. */
  monthly_discount?: DollarAmount;
  /** Taken once off the initial payment. */
  signup_discount?: DollarAmount;
  start_date: IsoDate;
  move_in_fee_type?: MoveInFeeType | string | null;
  move_in_fee_amount?: DollarAmount;
}

export interface InitialLeasePayment {
  /** The rent of every later month, paid on the 1st: monthly rate minus monthly discount. */
  monthlyRentCents: number;
  firstMonth: {
    cents: number;
    prorated: boolean;
    /** Days billed in the start month, the start day included. */
    days: number;
    daysInMonth: number;
  };
  securityDepositCents: number;
  moveInFee: { type: MoveInFeeType; cents: number };
  keyFobDepositCents: number;
  signupDiscountCents: number;
  /** Sum of the lines minus the signup discount, never below 0: SPEC §9's total, before tax. */
  subtotalCents: number;
  /** GST and QST on the taxable lines (rent and move-in fee, less the signup discount); never on the deposits. */
  gstCents: number;
  qstCents: number;
  /** What is debited: the subtotal plus the taxes. */
  totalCents: number;
  /** Every later month, debited on the 1st: the rent and its taxes. */
  monthlyPayment: { rentCents: number; gstCents: number; qstCents: number; totalCents: number };
}

export function normalizeMoveInFeeType(type: string | null | undefined): MoveInFeeType {
  return type === 'fixed_amount' || type === 'none' ? type : 'monthly_rate';
}

/**
 * Rent for the days from `date` to the end of its month, the day itself included: the days from
 * Temporal's calendar, the amount by the rounding rule of pricing.ts (which the lease shares with
 * the monthly rental of the list).
 */
export function proratedRentCents(monthlyCents: number, date: IsoDate): { cents: number; days: number; daysInMonth: number } {
  const start = Temporal.PlainDate.from(date);
  return {
    cents: proratedFirstMonthCents(monthlyCents, date),
    days: start.daysInMonth - start.day + 1,
    daysInMonth: start.daysInMonth,
  };
}

/** SPEC §9 'Initial lease payment', every line in cents. */
export function initialLeasePayment(terms: LeasePaymentTerms, taxes: TaxRules = site.taxes): InitialLeasePayment {
  if (!isIsoDate(terms.start_date)) throw new RangeError(`not a start date: ${terms.start_date}`);
  const monthlyRentCents = Math.max(0, amountToCents(terms.monthly_rate) - amountToCents(terms.monthly_discount));
  const startsOnFirst = terms.start_date.endsWith('-01');
  const prorated = proratedRentCents(monthlyRentCents, terms.start_date);
  const firstMonth = startsOnFirst
    ? { cents: monthlyRentCents, prorated: false, days: prorated.daysInMonth, daysInMonth: prorated.daysInMonth }
    : { ...prorated, prorated: true };
  const type = normalizeMoveInFeeType(terms.move_in_fee_type);
  const moveInFeeCents =
    type === 'monthly_rate' ? monthlyRentCents : type === 'fixed_amount' ? Math.max(0, amountToCents(terms.move_in_fee_amount)) : 0;
  const signupDiscountCents = Math.max(0, amountToCents(terms.signup_discount));
  const securityDepositCents = monthlyRentCents;
  const gross = firstMonth.cents + securityDepositCents + moveInFeeCents + keyFobDepositCents;
  const discount = Math.min(signupDiscountCents, gross);
  const lines: { item: ChargeItem; cents: number }[] = [
    { item: 'lease_first_month', cents: firstMonth.cents },
    { item: 'security_deposit', cents: securityDepositCents },
    { item: 'move_in_fee', cents: moveInFeeCents },
    { item: 'key_fob_deposit', cents: keyFobDepositCents },
    { item: 'signup_discount', cents: -discount },
  ];
  const initial = taxedTotal(lines, taxes);
  const monthly = taxedTotal([{ item: 'monthly_rent', cents: monthlyRentCents }], taxes);
  return {
    monthlyRentCents,
    firstMonth,
    securityDepositCents,
    moveInFee: { type, cents: moveInFeeCents },
    keyFobDepositCents,
    signupDiscountCents,
    subtotalCents: initial.subtotal,
    gstCents: initial.gst,
    qstCents: initial.qst,
    totalCents: initial.total,
    monthlyPayment: { rentCents: monthlyRentCents, gstCents: monthly.gst, qstCents: monthly.qst, totalCents: monthly.total },
  };
}

/** The last day of a lease's term: the day before the same date `months` later (12 months from 2026-12-01 end 2027-11-30). */
export function termEndDate(start: IsoDate, months: number): IsoDate {
  return Temporal.PlainDate.from(start).add({ months }).subtract({ days: 1 }).toString();
}
