import { site } from '../site.ts';
import { productFitsServiceType, products, type CheckoutRentalType, type Product } from './products.ts';
import { daysInMonth, type IsoDate } from './time.ts';

/**
 * Every price rule of SPEC.md §9 'Pricing' and 'Due today at checkout', in integer cents of
 * CAD. The web dialogs and the server build their amounts with these functions, so a price
 * the visitor sees is the price the server charges.
 */
export type Cents = number;

export const keyFeeCents: Cents = 5_000;
export const leaseDiscountPercent = 5;
export const leaseTermMonths = 12;
/** An office day costs the monthly rate spread over 20 working days, doubled. */
export const officeDaysPerMonth = 20;
export const officeDayMultiplier = 2;
/** The list discount and the limited-time offer at checkout are one and the same factor. */
export const offerPercentOfPrice = Math.round(site.listDiscountFactor * 100);
export const offerPercentOff = 100 - offerPercentOfPrice;

/** n / d rounded half up, in integers, so no float error decides a cent. */
export function roundDiv(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function dollarsFromCents(cents: Cents): number {
  return cents / 100;
}

/** An amount as accounting files write it: dollars with a dot and two decimals, a minus sign below zero ('-1234.05'). */
export function decimalAmount(cents: Cents): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** base_monthly_rate as the list gives it (a string such as '1200.00'); null when missing or unreadable. */
export function rateToCents(rate: string | number | null | undefined): Cents | null {
  if (rate === null || rate === undefined) return null;
  const n = typeof rate === 'number' ? rate : rate.trim() === '' ? Number.NaN : Number(rate);
  if (!Number.isFinite(n) || n < 0) return null;
  return dollarsToCents(n);
}

/** What the pricing rules need to know about a unit of the inventory. */
export interface PricedUnit {
  service_type: string;
  is_available: boolean;
  base_monthly_rate?: string | number | null;
}

/** The limited-time offer: an available dedicated office. */
export function hasLimitedTimeOffer(unit: Pick<PricedUnit, 'service_type' | 'is_available'>): boolean {
  return unit.service_type === 'dedicated_office' && unit.is_available;
}

/**
 * The monthly rate a visitor is offered: the base rate, less the limited-time offer where it
 * applies. The list, the chooser and the checkout all show this number.
 */
export function monthlyRateCents(unit: PricedUnit): Cents | null {
  const base = rateToCents(unit.base_monthly_rate);
  if (base === null) return null;
  return hasLimitedTimeOffer(unit) ? roundDiv(base * offerPercentOfPrice, 100) : base;
}

/** The list's price cell: the original (struck through) and the '(N% off)' note when discounted. */
export function listPrice(unit: PricedUnit): { priceCents: Cents; originalCents: Cents | null; percentOff: number | null } | null {
  const base = rateToCents(unit.base_monthly_rate);
  const price = monthlyRateCents(unit);
  if (base === null || price === null) return null;
  return hasLimitedTimeOffer(unit) ? { priceCents: price, originalCents: base, percentOff: offerPercentOff } : { priceCents: price, originalCents: null, percentOff: null };
}

export function leaseMonthlyCents(monthly: Cents): Cents {
  return roundDiv(monthly * (100 - leaseDiscountPercent), 100);
}

/** The daily rate of an office, from its base monthly rate (SPEC.md §9). */
export function officeDailyCents(baseMonthly: Cents): Cents {
  return roundDiv(baseMonthly * officeDayMultiplier, officeDaysPerMonth);
}

function monthParts(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Days left in the month of `today`, today included. */
export function remainingDaysInMonth(today: IsoDate): number {
  const { year, month, day } = monthParts(today);
  return daysInMonth(year, month) - day + 1;
}

export function proratedFirstMonthCents(monthly: Cents, today: IsoDate): Cents {
  const { year, month } = monthParts(today);
  return roundDiv(monthly * remainingDaysInMonth(today), daysInMonth(year, month));
}

/** What the visitor chose, with the dates for the day-based products. */
export type ProductChoice =
  | { product: 'office_monthly' }
  | { product: 'office_lease' }
  | { product: 'office_daily'; dates: readonly IsoDate[] }
  | { product: 'standard' }
  | { product: 'conference_room'; date: IsoDate }
  | { product: 'day_pass'; date: IsoDate }
  | { product: 'mailbox' };

export type QuoteItem = 'prorated_first_month' | 'last_month' | 'key_fee' | 'setup_fee' | 'first_month' | 'day';

export interface QuoteLine {
  item: QuoteItem;
  /** The booked date, for a 'day' line. */
  date?: IsoDate;
  cents: Cents;
}

/**
 * Everything that can be a line of a bill: the quote's items and the lease's initial payment.
 * Whether each is a taxable supply is said here once (commercial rentals and their fees are;
 * refundable deposits are not; a signup discount lowers the taxable rent it discounts).
 */
export type ChargeItem = QuoteItem | 'lease_first_month' | 'move_in_fee' | 'security_deposit' | 'key_fob_deposit' | 'signup_discount' | 'monthly_rent' | 'prepaid_last_month' | 'returned_debit_fee';

export const taxableCharges: Record<ChargeItem, boolean> = {
  prorated_first_month: true,
  last_month: true,
  key_fee: true,
  setup_fee: true,
  first_month: true,
  day: true,
  lease_first_month: true,
  move_in_fee: true,
  monthly_rent: true,
  signup_discount: true,
  // The last month paid in advance, applied on a rental's final invoice: a negative line of the rent it paid, so its taxes come off too.
  prepaid_last_month: true,
  security_deposit: false,
  key_fob_deposit: false,
  // The contract's fee for a debit the payer's bank refused: a charge for a dishonoured payment, not a supply of the space (as an NSF charge, outside GST/QST).
  returned_debit_fee: false,
};

/** The sales-tax facts pricing needs (site.taxes, or another set in tests). */
export interface TaxRules {
  enabled: boolean;
  gst: { rateThousandthsOfPercent: number; registrationNumber: string };
  qst: { rateThousandthsOfPercent: number; registrationNumber: string };
}

/** A bill's amounts: the lines' sum, the part taxes apply to, each tax and what is charged. */
export interface TaxedTotal {
  /** Every line, before tax. */
  subtotal: Cents;
  /** The taxable lines (discounts included), never below 0. */
  taxable: Cents;
  gst: Cents;
  qst: Cents;
  /** subtotal + gst + qst: what the card is charged. */
  total: Cents;
}

/** `rate` (thousandths of a percent) of an amount, rounded half up to the cent. */
function taxOf(cents: Cents, rateThousandthsOfPercent: number): Cents {
  return cents <= 0 ? 0 : roundDiv(cents * rateThousandthsOfPercent, 100_000);
}

/**
 * GST and QST of a bill, each computed once on the sum of its taxable lines and rounded once
 * (not line by line, which can differ by a cent); QST on the price before GST.
 */
export function taxedTotal(lines: readonly { item: ChargeItem; cents: Cents }[], rules: TaxRules = site.taxes): TaxedTotal {
  const subtotal = lines.reduce((sum, l) => sum + l.cents, 0);
  const taxable = Math.max(0, lines.reduce((sum, l) => sum + (taxableCharges[l.item] ? l.cents : 0), 0));
  const gst = rules.enabled ? taxOf(taxable, rules.gst.rateThousandthsOfPercent) : 0;
  const qst = rules.enabled ? taxOf(taxable, rules.qst.rateThousandthsOfPercent) : 0;
  return { subtotal, taxable, gst, qst, total: subtotal + gst + qst };
}

/**
 * One line's share of each tax, rounded for that line alone: what a partial refund of the line
 * gives back beside its price.
 */
export function lineTaxes(line: { item: ChargeItem; cents: Cents }, rules: TaxRules = site.taxes): { gst: Cents; qst: Cents } {
  if (!rules.enabled || !taxableCharges[line.item]) return { gst: 0, qst: 0 };
  return { gst: taxOf(line.cents, rules.gst.rateThousandthsOfPercent), qst: taxOf(line.cents, rules.qst.rateThousandthsOfPercent) };
}

/** A tax rate for people: 5 → '5', 9975 → '9.975' (en) or '9,975' (fr). */
export function formatTaxRate(rateThousandthsOfPercent: number, locale: 'en' | 'fr' = 'en'): string {
  const text = String(rateThousandthsOfPercent / 1000);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

/** Everything due today for one choice, line by line; `subtotal` is always the sum of the lines, `total` that plus the taxes. */
export interface Quote {
  product: Product;
  rentalType: CheckoutRentalType;
  monthlyRate: Cents;
  dailyRate: Cents;
  proratedFirstMonth: Cents;
  lastMonth: Cents;
  keyFee: Cents;
  setupFee: Cents;
  totalDays: number;
  /** Booked dates, sorted and without repeats; empty for rentals. */
  dates: IsoDate[];
  /** For a rental: the days the first month is prorated over, and the month's length. */
  proration: { days: number; daysInMonth: number } | null;
  lines: QuoteLine[];
  /** The lines before tax: SPEC.md §7's totalDueToday. */
  subtotal: Cents;
  gst: Cents;
  qst: Cents;
  /** What the card is charged, taxes included. */
  total: Cents;
}

function build(product: Product, parts: Omit<Quote, 'product' | 'rentalType' | 'subtotal' | 'gst' | 'qst' | 'total'>): Quote {
  const { subtotal, gst, qst, total } = taxedTotal(parts.lines);
  return { product, rentalType: products[product].rentalType, ...parts, subtotal, gst, qst, total };
}

function rental(product: Product, monthly: Cents, dailyRate: Cents, today: IsoDate, fees: { keyFee: Cents; setupFee: Cents }): Quote {
  const prorated = proratedFirstMonthCents(monthly, today);
  const { year, month } = monthParts(today);
  const lines: QuoteLine[] = [
    { item: 'prorated_first_month', cents: prorated },
    { item: 'last_month', cents: monthly },
  ];
  if (fees.keyFee > 0) lines.push({ item: 'key_fee', cents: fees.keyFee });
  if (fees.setupFee > 0) lines.push({ item: 'setup_fee', cents: fees.setupFee });
  return build(product, {
    monthlyRate: monthly,
    dailyRate,
    proratedFirstMonth: prorated,
    lastMonth: monthly,
    keyFee: fees.keyFee,
    setupFee: fees.setupFee,
    totalDays: 0,
    dates: [],
    proration: { days: remainingDaysInMonth(today), daysInMonth: daysInMonth(year, month) },
    lines,
  });
}

function perDay(product: Product, monthly: Cents, dailyRate: Cents, dates: readonly IsoDate[]): Quote {
  const unique = [...new Set(dates)].sort();
  return build(product, {
    monthlyRate: monthly,
    dailyRate,
    proratedFirstMonth: 0,
    lastMonth: 0,
    keyFee: 0,
    setupFee: 0,
    totalDays: unique.length,
    dates: unique,
    proration: null,
    lines: unique.map((date) => ({ item: 'day', date, cents: dailyRate })),
  });
}

/**
 * The amounts due today for a choice, or null when the unit has no usable price (the
 * dialogs' missing-price guards) or the choice does not fit the unit's type.
 *
 * - Monthly (month to month): prorated first month + last month + key fee + setup fee (one month).
 * - Lease: 5% off the monthly rate; prorated first month + last month, no key fee, no setup fee.
 * - Daily office: the base monthly rate / 20 × 2 for each selected day.
 * - Standard (desks, hot desks, parking, or an office without custom pricing): prorated first
 *   month + last month + key fee; an available dedicated office gets the limited-time offer.
 * - Conference room and day pass: the day price for the one date.
 * - Mailbox: one month.
 */
export function quote(unit: PricedUnit, choice: ProductChoice, today: IsoDate): Quote | null {
  if (!productFitsServiceType(choice.product, unit.service_type)) return null;
  const base = rateToCents(unit.base_monthly_rate);
  const monthly = monthlyRateCents(unit);
  if (base === null || monthly === null || base === 0) return null;
  switch (choice.product) {
    case 'office_monthly':
      return rental('office_monthly', monthly, officeDailyCents(base), today, { keyFee: keyFeeCents, setupFee: monthly });
    case 'office_lease':
      return rental('office_lease', leaseMonthlyCents(monthly), officeDailyCents(base), today, { keyFee: 0, setupFee: 0 });
    case 'office_daily':
      return perDay('office_daily', monthly, officeDailyCents(base), choice.dates);
    case 'standard':
      return rental('standard', monthly, 0, today, { keyFee: keyFeeCents, setupFee: 0 });
    case 'conference_room':
      return perDay('conference_room', 0, base, [choice.date]);
    case 'day_pass':
      return perDay('day_pass', 0, base, [choice.date]);
    case 'mailbox':
      return build('mailbox', {
        monthlyRate: base,
        dailyRate: 0,
        proratedFirstMonth: 0,
        lastMonth: 0,
        keyFee: 0,
        setupFee: 0,
        totalDays: 0,
        dates: [],
        proration: null,
        lines: [{ item: 'first_month', cents: base }],
      });
  }
}

/** The chooser's three cards for an available office, from one unit. */
export function rentalOptions(unit: PricedUnit): { dailyRate: Cents | null; monthlyRate: Cents | null; leaseRate: Cents | null; leaseSavingPerMonth: Cents | null } {
  const base = rateToCents(unit.base_monthly_rate);
  const monthly = monthlyRateCents(unit);
  if (base === null || monthly === null || base === 0) return { dailyRate: null, monthlyRate: null, leaseRate: null, leaseSavingPerMonth: null };
  const lease = leaseMonthlyCents(monthly);
  return { dailyRate: officeDailyCents(base), monthlyRate: monthly, leaseRate: lease, leaseSavingPerMonth: monthly - lease };
}

/** SPEC.md §7 call 1 `pricing`, in dollars as the API carries them. */
export interface CheckoutPricing {
  monthlyRate: number;
  proratedFirstMonth: number;
  lastMonth: number;
  keyFee: number;
  setupFee: number;
  totalDueToday: number;
  rentalType: CheckoutRentalType;
  dailyBookings: IsoDate[] | null;
  dailyRate: number;
  totalDays: number;
}

export function checkoutPricing(q: Quote): CheckoutPricing {
  return {
    monthlyRate: dollarsFromCents(q.monthlyRate),
    proratedFirstMonth: dollarsFromCents(q.proratedFirstMonth),
    lastMonth: dollarsFromCents(q.lastMonth),
    keyFee: dollarsFromCents(q.keyFee),
    setupFee: dollarsFromCents(q.setupFee),
    totalDueToday: dollarsFromCents(q.subtotal),
    rentalType: q.rentalType,
    dailyBookings: q.dates.length > 0 ? [...q.dates] : null,
    dailyRate: dollarsFromCents(q.dailyRate),
    totalDays: q.totalDays,
  };
}

/** SPEC.md §3 custom pricing object, passed from the chooser (or date picker) to the order summary. */
export interface CustomPricing {
  rentalType: 'daily' | 'monthly' | 'lease';
  monthlyRate: number;
  setupFee: number;
  dailyRate: number;
  totalDays: number;
  totalCost: number;
  selectedDates: IsoDate[];
  leaseTerm: number;
}

export function customPricing(q: Quote): CustomPricing | null {
  const rentalType = q.product === 'office_monthly' ? 'monthly' : q.product === 'office_lease' ? 'lease' : q.product === 'office_daily' ? 'daily' : null;
  if (!rentalType) return null;
  return {
    rentalType,
    monthlyRate: dollarsFromCents(q.monthlyRate),
    setupFee: dollarsFromCents(q.setupFee),
    dailyRate: dollarsFromCents(q.dailyRate),
    totalDays: q.totalDays,
    totalCost: dollarsFromCents(q.subtotal),
    selectedDates: [...q.dates],
    leaseTerm: leaseTermMonths,
  };
}

/** The amount fields of a quote, by their call-1 names, in cents: what the server compares. */
export const comparedAmounts = ['monthlyRate', 'proratedFirstMonth', 'lastMonth', 'keyFee', 'setupFee', 'totalDueToday', 'dailyRate'] as const;
export type ComparedAmount = (typeof comparedAmounts)[number];

/**
 * The amounts of a client's pricing that differ from the quote by more than a cent
 * (docs/architecture.md §5); empty when the client's prices are the server's.
 */
export function amountMismatches(client: Pick<CheckoutPricing, ComparedAmount>, q: Quote): ComparedAmount[] {
  const server = checkoutPricing(q);
  return comparedAmounts.filter((k) => Math.abs(dollarsToCents(client[k]) - dollarsToCents(server[k])) > 1);
}

/**
 * Cents as CAD for people: '$1,234.50' (en-CA) or '1 234,50 $' (fr-CA, with no-break spaces),
 * as Intl.NumberFormat writes them. Written out from the integer cents: exact, and without the
 * first Intl formatter's ICU load, which costs a phone 60-80 ms in the first render.
 */
export function formatCad(cents: Cents, locale: 'en' | 'fr' = 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const fraction = String(abs % 100).padStart(2, '0');
  const whole = String(Math.floor(abs / 100));
  const nbsp = '\u00a0';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, locale === 'fr' ? nbsp : ',');
  return locale === 'fr' ? `${sign}${grouped},${fraction}${nbsp}$` : `${sign}$${grouped}.${fraction}`;
}
