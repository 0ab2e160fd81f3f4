import * as z from 'zod/mini';
import type { CancellationRule, RefundAmounts } from '../domain/cancellation.ts';
import type { QuoteItem } from '../domain/pricing.ts';
import { productNames, type Product } from '../domain/products.ts';
import { isoDateString, secretTokenPattern } from './common.ts';
import { locale } from './checkout.ts';

/*
 * Managing a booking without an account (our addition to the provider API): a paid order's
 * private link /booking/{token} reads it, cancels its days under the policy of
 * src/shared/domain/cancellation.ts, or gives notice on a rental. Amounts in integer cents.
 */

/** A manage link's token: 32 random bytes in base64url (256 bits). */
export const manageTokenPattern = secretTokenPattern;

/** The page of a booking, for its token. */
export function managePath(token: string): string {
  return `/booking/${token}`;
}

const cents = z.int();
const quoteItems = ['prorated_first_month', 'last_month', 'key_fee', 'setup_fee', 'first_month', 'day'] as const satisfies readonly QuoteItem[];
const quoteLine = z.object({ item: z.enum(quoteItems), date: z.optional(isoDateString), cents });

export const refundAmounts = z.object({ lines: z.array(quoteLine), subtotal: cents, gst: cents, qst: cents, total: cents }) satisfies z.ZodMiniType<RefundAmounts>;

export const cancellationRuleSchema = z.union([
  z.object({ kind: z.literal('by_day'), opensHour: z.int(), hoursBefore: z.int() }),
  z.object({ kind: z.literal('notice'), noticeDays: z.int(), minimumTermMonths: z.nullable(z.int()) }),
  z.object({ kind: z.literal('contact') }),
]) satisfies z.ZodMiniType<CancellationRule>;

/**
 * Where the booking stands:
 * - paid: as bought;
 * - partly_cancelled: some of its days were cancelled (and refunded, or being refunded);
 * - cancelled: every day was cancelled;
 * - not_booked: the payment arrived after the days went to someone else, and was refunded.
 */
export const bookingStates = ['paid', 'partly_cancelled', 'cancelled', 'not_booked'] as const;
/** The money going back: none, asked of the payment provider and not confirmed yet, or refunded. */
export const refundStates = ['none', 'pending', 'refunded'] as const;

/**
 * An invoice of a rental, as its manage page lists it: paid, being paid (an automatic try or a
 * Pay now page under way), due, or overdue (every automatic try failed).
 */
export const invoiceStates = ['paid', 'processing', 'due', 'overdue'] as const;
export type InvoiceState = (typeof invoiceStates)[number];
/** A rental: billed every month; ending (its last day is set); ended; or overdue (an invoice whose every automatic try failed). */
export const rentalStates = ['active', 'ending', 'ended', 'overdue'] as const;
export type RentalState = (typeof rentalStates)[number];

export const rentalBilling = z.object({
  state: z.enum(rentalStates),
  /** The month's rent as sold, before tax. */
  monthlyCents: cents,
  /** The next invoice's day and total (taxes included); null once the last one is issued. */
  next: z.nullable(z.object({ on: isoDateString, cents })),
  /** Whether a card is kept for the invoices: without one, each invoice waits for Pay now. */
  cardOnFile: z.boolean(),
  /** The rental's last day once set (notice, or staff ended it at once). Absent from copies kept before it was sent. */
  lastDay: z.optional(z.nullable(isoDateString)),
  /** How its invoices are paid: by the card on file, or a tenancy's pre-authorized debits. Absent (card) from copies kept before leases. */
  paysBy: z.optional(z.enum(['card', 'pad'])),
  /** A tenancy's next debit from the tenant's account: its day and amount; null when none is planned (its debits stopped). */
  nextDebit: z.optional(z.nullable(z.object({ on: isoDateString, cents }))),
  invoices: z.array(
    z.object({
      number: z.string(),
      periodStart: isoDateString,
      periodEnd: isoDateString,
      /** The rental's last period, paid from the last month paid in advance. */
      final: z.boolean(),
      total: cents,
      owed: cents,
      state: z.enum(invoiceStates),
      paidAt: z.nullable(z.string()),
      /** Credit notes against it (the rental ended at once): their numbers and totals. Absent from copies kept before them. */
      creditNotes: z.optional(z.array(z.object({ number: z.string(), total: cents }))),
      /** A tenancy's invoice still owed: the day its debit is made (or was filed for); null when none will be (pay it now). */
      debitOn: z.optional(z.nullable(isoDateString)),
      /** A tenancy's invoice whose debit the bank returned: the CPA-007 return code. */
      returnCode: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type RentalBilling = z.infer<typeof rentalBilling>;

/** A signed lease as its tenant's manage page shows it: its term, the PAD agreement it is paid by, and the deposits held. */
export const tenancyLease = z.object({
  company: z.string(),
  signedAt: z.string(),
  termMonths: z.int(),
  /** The term's last day; the lease then goes on month to month until notice. */
  termEndsOn: isoDateString,
  /** The account debited, masked (****1234). */
  account: z.string(),
  /** The agreement's debits ended: the last day one could be made, and why (a return's CPA-007 code, or the tenant's revocation). */
  debitsStopped: z.nullable(z.object({ lastDebitOn: isoDateString, returnCode: z.nullable(z.string()), revoked: z.boolean() })),
  deposits: z.array(z.object({ kind: z.enum(['security', 'key_fob']), cents, returnedCents: z.nullable(cents), returnedOn: z.nullable(isoDateString) })),
});
export type TenancyLease = z.infer<typeof tenancyLease>;

export const bookingView = z.object({
  /** The receipt's number. */
  reference: z.string(),
  officeName: z.string(),
  serviceType: z.string(),
  product: z.enum(productNames as [Product, ...Product[]]),
  /** The language it was bought in. */
  language: locale,
  state: z.enum(bookingStates),
  refund: z.enum(refundStates),
  buyerName: z.string(),
  paidAt: z.string(),
  /** The first day bought, or the rental's start. */
  startDate: isoDateString,
  /** A dated booking's hours at the space, each day. */
  hours: z.nullable(z.object({ opens: z.int(), closes: z.int() })),
  /** What was paid: the lines, the taxes and the total. */
  paid: refundAmounts,
  /** Each day of a dated booking, and until when it can be cancelled for a refund (an instant). */
  days: z.array(z.object({ date: isoDateString, status: z.enum(['booked', 'cancelled']), cancellableUntil: z.string() })),
  refunds: z.array(
    z.object({
      creditNote: z.nullable(z.string()),
      status: z.enum(['pending', 'refunded']),
      createdAt: z.string(),
      amounts: refundAmounts,
    }),
  ),
  policy: cancellationRuleSchema,
  /** A rental given notice: when, and its last day. */
  notice: z.nullable(z.object({ givenOn: isoDateString, endsOn: isoDateString })),
  /** A rental not given notice yet: its last day if notice were given today. */
  endsIfNoticeToday: z.nullable(isoDateString),
  /** A rental's (or subscription's) monthly billing; null for a day product. Absent from copies a device kept before billing existed. */
  billing: z.optional(z.nullable(rentalBilling)),
  /** A tenancy's lease (a signed lease opened by its manage link); absent for a booking bought at checkout. */
  lease: z.optional(z.nullable(tenancyLease)),
  /** The server's clock when it answered: how fresh a copy kept on the device is. */
  checkedAt: z.string(),
});
export type BookingView = z.infer<typeof bookingView>;

export const bookingResponse = z.object({ success: z.literal(true), booking: bookingView });
export type BookingResponse = z.infer<typeof bookingResponse>;

/** POST /public-api/bookings/{token}/cancel, with an Idempotency-Key header: the days to cancel. */
export const cancelRequest = z.object({
  dates: z.array(isoDateString).check(z.minLength(1, 'days_to_cancel'), z.maxLength(62)),
});
export type CancelRequest = z.infer<typeof cancelRequest>;

/**
 * POST /public-api/bookings/{token}/invoices/{number}/pay, its body optional: with_owed is the
 * customer's choice to pay the rental's other owed invoices (those with no payment under way) in
 * the same payment; which ones, and how much, the server decides from its invoices.
 */
export const payNowRequest = z.object({ with_owed: z.optional(z.boolean()) });
export type PayNowRequest = z.infer<typeof payNowRequest>;

/** POST /public-api/bookings/{token}/invoices/{number}/pay and …/card: the provider's page to go to. */
export const paymentPageResponse = z.object({ success: z.literal(true), url: z.string() });

/** The answer to a cancellation or a notice: the booking as it now stands. */
export const manageActionResponse = bookingResponse;

/** What the PWA says about a booking it cannot find, in the server's words too (no hint whether it ever existed). */
export const bookingNotFoundMessage = "We can't find this booking";
