import * as z from 'zod/mini';
import { padReturnCodeValues } from '../domain/pad-returns.ts';
import { isPlainText, plainTextMessage } from '../domain/text.ts';
import { isoDateString } from './common.ts';
import { invoiceStates, rentalStates, type InvoiceState, type RentalState } from './bookings.ts';
import { auditEntry } from './staff.ts';

/*
 * Rentals as staff read and act on them (/admin-api/rentals): what bills every month, its
 * invoices and their payment rows. A rental's state and an invoice's are derived from those rows
 * by the server (billing/rental-view.ts), never stored; the console and the command line show
 * them as answered.
 */

/** A rental's and an invoice's states, as the manage page words them (bookings.ts): derived by the server, never stored. */
export { invoiceStates, rentalStates, type InvoiceState, type RentalState };

export const invoicePaymentMethods = ['card', 'pad', 'cheque', 'etransfer'] as const;
export const invoicePaymentTriggers = ['billing_day', 'retry', 'retry_now', 'pay_now', 'staff', 'pad_file'] as const;
/** returned: a PAD debit the bank sent back (its CPA-007 code in return_code). */
export const invoicePaymentStatuses = ['open', 'succeeded', 'failed', 'returned'] as const;

/** The ways staff record a payment that did not go through the provider. */
export const recordedPaymentMethods = ['cheque', 'etransfer'] as const;

/** An invoice's number in its series (documents/numbers.ts): 'F-2026-000001'. */
export const invoiceNumberPattern = /^F-\d{4}-\d{6,9}$/;

/** A rental in GET /admin-api/rentals, newest first. Amounts in cents. */
export const staffRental = z.object({
  id: z.string(),
  /** The unit's code (OFF-101) and name as sold. */
  office_id: z.string(),
  unit_name: z.string(),
  product: z.string(),
  service_type: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  language: z.enum(['en', 'fr']),
  /** Before tax, as sold. */
  monthly_cents: z.number(),
  start_date: z.string(),
  /** Its last day, once notice is given or staff end it. */
  ends_on: z.nullable(z.string()),
  state: z.enum(rentalStates),
  /** What its invoices still ask for, taxes included: each invoice's total less its succeeded payments. */
  owed_cents: z.number(),
  /** For an overdue rental: its oldest invoice still owed, days since that invoice's period began, and the latest refusal of its card. */
  overdue: z.nullable(z.object({ invoice_number: z.string(), days: z.number(), failure_reason: z.nullable(z.string()) })),
  created_at: z.string(),
});
export type StaffRental = z.infer<typeof staffRental>;

export const staffRentalsResponse = z.object({
  success: z.literal(true),
  /** next_cursor: pass it as ?cursor= for the next page; null on the last one. overdue_count: every overdue rental, whatever the filter. */
  data: z.object({ rentals: z.array(staffRental), next_cursor: z.nullable(z.string()), overdue_count: z.number() }),
});

/** A payment row of an invoice: a card try (its trigger says whose), or a payment staff recorded. */
export const staffInvoicePayment = z.object({
  id: z.string(),
  method: z.enum(invoicePaymentMethods),
  trigger: z.enum(invoicePaymentTriggers),
  status: z.enum(invoicePaymentStatuses),
  amount_cents: z.number(),
  failure_reason: z.nullable(z.string()),
  /** A cheque's number or an e-Transfer's reference. */
  reference: z.nullable(z.string()),
  /** The staff member who recorded it. */
  recorded_by: z.nullable(z.string()),
  created_at: z.string(),
  settled_at: z.nullable(z.string()),
  /** A PAD debit returned: the CPA-007 return code and when it was recorded. */
  return_code: z.nullable(z.string()),
  returned_at: z.nullable(z.string()),
});
export type StaffInvoicePayment = z.infer<typeof staffInvoicePayment>;

/** An invoice with its lines (described in the language asked for), its state and every payment row, oldest first. */
export const staffInvoice = z.object({
  id: z.string(),
  number: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  final: z.boolean(),
  lines: z.array(z.object({ item: z.string(), description: z.string(), amount_cents: z.number() })),
  subtotal_cents: z.number(),
  gst_cents: z.number(),
  qst_cents: z.number(),
  total_cents: z.number(),
  paid_cents: z.number(),
  owed_cents: z.number(),
  state: z.enum(invoiceStates),
  issued_at: z.string(),
  payments: z.array(staffInvoicePayment),
  /** Credit notes against it (the rental ended at once): the days after its last one, or the prepaid month applied. */
  credit_notes: z.array(z.object({ number: z.string(), reason: z.enum(['ended_early', 'prepaid_last_month']), amount_cents: z.number(), created_at: z.string() })),
});
export type StaffInvoice = z.infer<typeof staffInvoice>;

/** GET /admin-api/rentals/:id[?lang=en|fr]: one rental in full, its invoices newest first, and its audit trail. */
/** A deposit a tenancy's initial invoice collected: held until staff return it, in full or less deductions with a reason. */
export const staffDeposit = z.object({
  id: z.string(),
  kind: z.enum(['security', 'key_fob']),
  amount_cents: z.number(),
  /** The invoice that collected it, and whether that invoice is paid (a deposit never collected is not returned). */
  invoice_number: z.string(),
  collected: z.boolean(),
  returned_at: z.nullable(z.string()),
  returned_cents: z.nullable(z.number()),
  deduction_reason: z.nullable(z.string()),
  returned_by: z.nullable(z.string()),
});
export type StaffDeposit = z.infer<typeof staffDeposit>;

export const staffRentalDetail = z.object({
  success: z.literal(true),
  rental: z.extend(staffRental, {
    order_id: z.nullable(z.string()),
    provider: z.enum(['stripe', 'test']),
    /** Whether the provider keeps a card to charge (Retry now needs one). */
    card_on_file: z.boolean(),
    prepaid_last_month_cents: z.number(),
    minimum_term_months: z.nullable(z.number()),
    ended_at: z.nullable(z.string()),
    end_reason: z.nullable(z.string()),
    /** The next invoice: its day and total, taxes included; null once the last period is invoiced. */
    next_invoice: z.nullable(z.object({ on: z.string(), cents: z.number() })),
    /** The last day notice given today would set under the policy; null when it cannot be given here. */
    notice_ends_on: z.nullable(z.string()),
    /** By the card on file, or a tenancy's PAD agreement. */
    pays_by: z.enum(['card', 'pad']),
    /** A PAD agreement whose debits ended: the last payment date a file may debit, and why ('return:905', 'revoked'). */
    pad_stopped: z.nullable(z.object({ last_debit_on: z.string(), reason: z.string() })),
  }),
  invoices: z.array(staffInvoice),
  /** A tenancy's deposits (held, not sold): shown to managers only, null for staff and for a rental bought at checkout. */
  deposits: z.optional(z.nullable(z.array(staffDeposit))),
  audit: z.array(auditEntry),
});
export type StaffRentalDetail = z.infer<typeof staffRentalDetail>;

/** POST /admin-api/rentals/:id/invoices/:number/retry (Idempotency-Key): one card try now, outside the schedule. */
export const retryInvoiceResponse = z.object({
  success: z.literal(true),
  /** unanswered: the provider gave no answer yet; the try stays open and is asked again within minutes. */
  outcome: z.enum(['succeeded', 'failed', 'unanswered']),
  invoice: staffInvoice,
});

/**
 * POST /admin-api/rentals/:id/invoices/:number/payments (Idempotency-Key): a cheque or an
 * e-Transfer received. amount_cents: what is owed unless given (at most that).
 */
export const recordPaymentInput = z.object({
  method: z.enum(recordedPaymentMethods),
  reference: z.string('required_fields').check(z.trim(), z.refine(isPlainText, plainTextMessage), z.minLength(1, 'required_fields'), z.maxLength(100, 'at_most_chars')),
  amount_cents: z.optional(z.int('whole_number').check(z.minimum(1, 'at_least'), z.maximum(100_000_000, 'at_most'))),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

export const recordPaymentResponse = z.object({ success: z.literal(true), payment: staffInvoicePayment, invoice: staffInvoice });

/**
 * POST /admin-api/rentals/:id/end (Idempotency-Key): 'notice' ends the rental under the notice
 * policy, as the customer's own notice does; 'now' ends it today, with a reason staff keep
 * (non-payment…), its billing settled to the day (billing/end-at-once.ts).
 */
/**
 * POST /admin-api/rentals/:id/end (Idempotency-Key). mode notice: a card rental under its notice
 * policy, or a tenancy under its contract on `ends_on` (required for a tenancy, today or later;
 * refused for a card rental); mode now: today is the last day, with the reason.
 */
export const endRentalInput = z
  .object({
    mode: z.enum(['notice', 'now']),
    reason: z.optional(z.string().check(z.trim(), z.refine(isPlainText, plainTextMessage), z.maxLength(500, 'at_most_chars'))),
    ends_on: z.optional(isoDateString),
  })
  .check(z.refine((body) => body.mode !== 'now' || (body.reason ?? '').length > 0, { message: 'required_fields', path: ['reason'] }));
export type EndRentalInput = z.infer<typeof endRentalInput>;

/** What ending at once came to: the credit notes written, what goes back to the card, and what is still owed. */
export const endedAtOnce = z.object({
  credit_notes: z.array(z.object({ number: z.string(), invoice_number: z.nullable(z.string()), amount_cents: z.int() })),
  refunded_cents: z.int(),
  /** Paid by cheque or e-Transfer on a credited invoice: staff return it by hand. */
  to_return_cents: z.int(),
  owed_cents: z.int(),
});
export type EndedAtOnce = z.infer<typeof endedAtOnce>;

export const endRentalResponse = z.object({ success: z.literal(true), ends_on: z.string(), settled: z.optional(endedAtOnce) });

/** POST /admin-api/rentals/:id/invoices/:number/pad-return: the bank returned the invoice's latest PAD debit, with this CPA-007 code. */
export const padReturnInput = z.object({ code: z.enum(padReturnCodeValues) });

/** What recording it did: debited again (on that day, with the fee's invoice), not again, the agreement's debits stopped, the payer's claim; or nothing (recorded already). */
export const padReturnRecorded = z.object({
  success: z.literal(true),
  outcome: z.enum(['redebit', 'no_redebit', 'stopped', 'dispute', 'already']),
  redebit_on: z.nullable(z.string()),
  fee_invoice_number: z.nullable(z.string()),
});

/** POST /admin-api/rentals/:id/pad-revocation: the tenant's written revocation of the PAD agreement, received that day. */
export const padRevocationInput = z.object({ received_on: isoDateString });
export const padRevocationRecorded = z.object({ success: z.literal(true), last_debit_on: z.string() });

/** POST /admin-api/rentals/:id/deposits/:depositId/return (managers): what goes back; a reason whenever it is less than the deposit. */
export const returnDepositInput = z.object({
  returned_cents: z.int('whole_number').check(z.minimum(0, 'at_least'), z.maximum(100_000_000, 'at_most')),
  deduction_reason: z.optional(z.string().check(z.trim(), z.refine(isPlainText, plainTextMessage), z.maxLength(500, 'at_most_chars'))),
});
export type ReturnDepositInput = z.infer<typeof returnDepositInput>;
export const depositReturned = z.object({ success: z.literal(true), deposit: staffDeposit });
