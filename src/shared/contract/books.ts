import * as z from 'zod/mini';
import { productNames } from '../domain/products.ts';
import { addDays, daysBetween, isIsoDate, type IsoDate } from '../domain/time.ts';

/*
 * The books (/admin-api/books): what the space sold, collected, holds and is owed, over a range of
 * days at the space, each figure summed by SQL from the documents themselves (receipts, invoices,
 * credit notes) and the money rows that point at them. Amounts in cents; a credit note's are
 * below zero, so every column sums.
 */

/** The longest range a report covers, both days counted: three years, one of them a leap year. */
export const longestRangeDays = 3 * 365 + 1;

const dateMessage = 'date_format';
const date = z.string(dateMessage).check(z.refine(isIsoDate, dateMessage));

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included. Neither given: the last whole month (the one a
 * GST/QST return is filed for). `to` before `from`, or a range over three years, is refused on `to`.
 */
export const booksRangeQuery = z
  .object({ from: z.optional(date), to: z.optional(date) })
  .check(
    z.superRefine((range, ctx) => {
      if ((range.from === undefined) !== (range.to === undefined)) {
        const missing = range.from === undefined ? 'from' : 'to';
        ctx.issues.push({ code: 'custom', message: 'range_needs_both', path: [missing], input: range });
        return;
      }
      // A field that is not a date is named by its own check; no range is compared with it.
      if (range.from === undefined || range.to === undefined || !isIsoDate(range.from) || !isIsoDate(range.to)) return;
      if (range.to < range.from) ctx.issues.push({ code: 'custom', message: 'range_backwards', path: ['to'], input: range });
      else if (daysBetween(range.from, range.to) >= longestRangeDays) ctx.issues.push({ code: 'custom', message: 'range_too_long', path: ['to'], input: range });
    }),
  );

export interface BooksRange {
  from: IsoDate;
  to: IsoDate;
}

/** The last whole month before `today`. */
export function lastWholeMonth(today: IsoDate): BooksRange {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** A document of the books: a checkout's receipt, a rental's invoice, or a credit note against either. */
export const bookDocumentKinds = ['receipt', 'invoice', 'credit_note'] as const;
export type BookDocumentKind = (typeof bookDocumentKinds)[number];

/** What a document's sales are of: a product (products.ts), or the handling fee of a returned PAD debit. */
export const feeProduct = 'returned_debit_fee';

/**
 * How a document was paid: a receipt by card at checkout; an invoice by the methods of its
 * payments that stand ('card+pad' when two paid it), or 'unpaid'; a credit note by a refund to the
 * card it was paid with ('card_refund'), or applied to what the invoice owed ('credit').
 */
export const bookDocument = z.object({
  kind: z.enum(bookDocumentKinds),
  number: z.string(),
  /** The day at the space it is dated. */
  date: z.string(),
  customer: z.string(),
  email: z.string(),
  product: z.string(),
  /** Sales before tax (never deposits). */
  subtotal_cents: z.number(),
  gst_cents: z.number(),
  qst_cents: z.number(),
  /** Deposits it asked for, held apart from sales (a lease's first invoice). */
  deposits_cents: z.number(),
  total_cents: z.number(),
  paid_by: z.string(),
  /** The receipt or invoice a credit note corrects. */
  corrects: z.nullable(z.string()),
  /** Where staff read it: the order (a receipt, a checkout's credit note) or the rental. */
  order_id: z.nullable(z.string()),
  rental_id: z.nullable(z.string()),
});
export type BookDocument = z.infer<typeof bookDocument>;

const sums = { documents: z.number(), subtotal_cents: z.number(), gst_cents: z.number(), qst_cents: z.number(), deposits_cents: z.number(), total_cents: z.number() };
export const documentSums = z.object(sums);
export type DocumentSums = z.infer<typeof documentSums>;

/** The ways money came in or went back. `returned`: a PAD debit counted as collected that the bank sent back, below zero. */
export const moneyKinds = ['card', 'pad', 'recorded', 'returned', 'refund'] as const;
export type MoneyKind = (typeof moneyKinds)[number];
/** What a money list shows: one of those, or the refunds decided by the range's end that the card network had not confirmed then. */
export const moneyListKinds = [...moneyKinds, 'refund_pending'] as const;
export type MoneyListKind = (typeof moneyListKinds)[number];

export const moneyMovement = z.object({
  kind: z.enum(moneyListKinds),
  /** The day at the space it moved (a refund waiting: the day it was decided). */
  date: z.string(),
  cents: z.number(),
  customer: z.string(),
  /** The document it pays or gives back: a receipt's, an invoice's, or a credit note's number (a refund with none repays a payment made twice, or an ended rental's days). */
  document: z.nullable(z.string()),
  /** A cheque's number, an e-Transfer's reference, a return's CPA-007 code, a refund's reason. */
  reference: z.nullable(z.string()),
  order_id: z.nullable(z.string()),
  rental_id: z.nullable(z.string()),
});
export type MoneyMovement = z.infer<typeof moneyMovement>;

export const periodReport = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  /** Accrual basis: documents dated in the range, per product and per kind; credit notes below zero. */
  sales: z.object({
    products: z.array(z.object({ product: z.string(), ...sums })),
    kinds: z.array(z.object({ kind: z.enum(bookDocumentKinds), ...sums })),
    total: documentSums,
  }),
  /** Money in the range: by card, PAD and recorded by staff, less returns; and given back. */
  collected: z.object({
    kinds: z.array(z.object({ kind: z.enum(moneyKinds), count: z.number(), cents: z.number() })),
    /** Card, PAD and recorded, less returned. */
    net_cents: z.number(),
    refunded_cents: z.number(),
    /** Refunds decided but not yet confirmed by the provider, at the range's end. */
    refunds_pending_cents: z.number(),
  }),
  /**
   * Deposits: never sales. Asked for on the range's invoices; given back in it (and what was kept);
   * and held at its end: collected (their invoice paid in full by then) and not yet given back.
   */
  deposits: z.object({ invoiced_cents: z.number(), returned_cents: z.number(), kept_cents: z.number(), held_at_end_cents: z.number() }),
});
export type PeriodReport = z.infer<typeof periodReport>;

/** GET /admin-api/books/documents?from&to[&kind][&product]: the documents a figure sums. */
export const bookProducts = [...productNames, feeProduct] as const;
export const booksDocumentsFilter = z.object({ kind: z.optional(z.enum(bookDocumentKinds, 'book_document_kind')), product: z.optional(z.enum(bookProducts, 'book_product')) });
export const booksDocumentsResponse = z.object({ success: z.literal(true), from: z.string(), to: z.string(), documents: z.array(bookDocument), total: documentSums });

/** GET /admin-api/books/money?from&to[&kind]: the payments, returns and refunds a figure sums (refund_pending: those waiting at the range's end). */
export const booksMoneyFilter = z.object({ kind: z.optional(z.enum(moneyListKinds, 'money_kind')) });
export const booksMoneyResponse = z.object({ success: z.literal(true), from: z.string(), to: z.string(), movements: z.array(moneyMovement), total_cents: z.number() });

/** GET /admin-api/books/deposits?from&to: the deposits the period's deposit figures sum, each with what the period did to it. */
export const bookDeposit = z.object({
  kind: z.enum(['security', 'key_fob']),
  amount_cents: z.number(),
  customer: z.string(),
  rental_id: z.string(),
  /** The invoice that asked for it, and that invoice's day at the space. */
  invoice: z.string(),
  invoiced_on: z.string(),
  /** When it was given back (a day at the space), how much of it, and why the rest was kept. */
  returned_on: z.nullable(z.string()),
  returned_cents: z.nullable(z.number()),
  deduction_reason: z.nullable(z.string()),
  /** Which figures of the range it is in (held at the end: collected, its invoice paid in full by then, and not given back). */
  invoiced_in_range: z.boolean(),
  returned_in_range: z.boolean(),
  held_at_end: z.boolean(),
});
export type BookDeposit = z.infer<typeof bookDeposit>;
export const booksDepositsResponse = z.object({ success: z.literal(true), from: z.string(), to: z.string(), deposits: z.array(bookDeposit) });

/** Receivables, aged by days past due on a day: current (not yet due, or due that day), 1–30, 31–60, 61–90, over 90. */
export const ageBuckets = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgeBucket = (typeof ageBuckets)[number];

export function ageBucketOf(daysPastDue: number): AgeBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'over_90';
}

export const receivable = z.object({
  invoice: z.string(),
  rental_id: z.string(),
  customer: z.string(),
  email: z.string(),
  unit_name: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  days_past_due: z.number(),
  age: z.enum(ageBuckets),
  total_cents: z.number(),
  owed_cents: z.number(),
  pays_by: z.enum(['card', 'pad']),
  /** The last message that asked the customer to pay it (a failed card try, a returned debit), when it went. */
  last_reminder: z.nullable(z.object({ kind: z.string(), at: z.string() })),
  /** The next automatic try: a card retry, or a returned debit's re-debit; null when none is planned (staff collect it). */
  next_try_on: z.nullable(z.string()),
});
export type Receivable = z.infer<typeof receivable>;

/** GET /admin-api/books/receivables[?on=YYYY-MM-DD]: what is owed on a day (today by default), oldest first. */
export const receivablesQuery = z.object({ on: z.optional(date) });
export const receivablesResponse = z.object({
  success: z.literal(true),
  on: z.string(),
  receivables: z.array(receivable),
  totals: z.array(z.object({ age: z.enum(ageBuckets), invoices: z.number(), owed_cents: z.number() })),
  owed_cents: z.number(),
});

/*
 * Occupancy and revenue by month (GET /admin-api/books/occupancy?from&to): each month the range
 * touches, as it stood on its last day (today, for the month under way). The rentable kinds of
 * unit only (offices, desks, parking, mailboxes); rooms and passes are sold by the day (dayProducts).
 */

/** The kinds of unit rented by the month, whose occupancy is counted. */
export const occupancyServiceTypes = ['dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot', 'mailbox'] as const;
export type OccupancyServiceType = (typeof occupancyServiceTypes)[number];

export const occupancyRow = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** The day it stood as: the month's last, or today for the month under way. */
  on: z.string(),
  service_type: z.enum(occupancyServiceTypes),
  /** Units in the inventory that day: added by then, not retired. */
  units: z.number(),
  /** Booked that day (a rental, a tenancy, a day booked). */
  rented: z.number(),
  /** Not rented, but offered that day: to a waitlist entry (its claim window), or in a lease offer not yet signed or expired. */
  held: z.number(),
  /** The rest: for sale. */
  available: z.number(),
  /** Waitlist entries that day wanting a unit of this kind (not left, not claimed). */
  waiting: z.number(),
  /** How long, on average, in whole days, those entries had been waiting that day; null when none. */
  average_wait_days: z.nullable(z.number()),
  /** Waitlist offers of units of this kind that closed in the month: claimed, and lapsed (declined or let expire). */
  offers_claimed: z.number(),
  offers_lapsed: z.number(),
  /** Monthly recurring revenue, before tax, of the rentals of this kind running that day. */
  mrr_cents: z.number(),
});
export type OccupancyRow = z.infer<typeof occupancyRow>;

/** The month's recurring revenue (before tax) at its end, and how it changed since the month before's end. */
export const revenueRow = z.object({
  month: z.string(),
  mrr_cents: z.number(),
  /** Rentals running at this month's end that were not at the last one's. */
  new_cents: z.number(),
  /** Rentals running at the last month's end that no longer are (given below zero). */
  ended_cents: z.number(),
  /** What rentals running at both ends changed by: a rental keeps the amount it was sold at, so this is 0 unless one was changed. */
  changed_cents: z.number(),
});
export type RevenueRow = z.infer<typeof revenueRow>;

/** Day products sold in the month (net of credit notes), from their receipts. */
export const dayProductRow = z.object({ month: z.string(), product: z.string(), documents: z.number(), subtotal_cents: z.number() });
export type DayProductRow = z.infer<typeof dayProductRow>;

export const occupancyResponse = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  occupancy: z.array(occupancyRow),
  revenue: z.array(revenueRow),
  day_products: z.array(dayProductRow),
});
export type OccupancyResponse = z.infer<typeof occupancyResponse>;

/**
 * The accountant's downloads of a range (managers; each download audited):
 * - documents.csv: every document, our columns (README: The accountant's export);
 * - xero-invoices.csv and xero-credit-notes.csv: the same documents in Xero's sales invoice and
 *   credit note import layouts;
 * - documents.zip: every document's PDF, streamed.
 */
export const booksDownloads = ['documents.csv', 'xero-invoices.csv', 'xero-credit-notes.csv', 'documents.zip'] as const;
export type BooksDownload = (typeof booksDownloads)[number];
