import * as z from 'zod/mini';
import { refundAmounts } from '../../shared/contract/bookings.ts';
import { isoDateString } from '../../shared/contract/common.ts';
import { leaseLanguages, leaseOfferStatuses } from '../../shared/contract/lease.ts';
import { invoiceItems } from '../../shared/domain/billing.ts';
import { moveInFeeTypes } from '../../shared/domain/lease-payment.ts';
import type { Quote } from '../../shared/domain/pricing.ts';
import { checkoutRentalTypes, productNames } from '../../shared/domain/products.ts';

/*
 * What each kind of message says, as the domain that causes it writes it in the event's own
 * transaction: the facts as they stood then, so that sending the message reads nothing else. A
 * row can outlive the version that wrote it, so what is stored is read back through its kind's
 * schema here, never trusted as typed.
 */

const cents = z.int();
/** An instant: a Date as written, its ISO text once stored. */
const instant = z.coerce.date();
const language = z.enum(['en', 'fr']);

/** The server's own quote of an order or of an offered unit (pricing.ts), lines and taxes included. */
const quote = z.extend(refundAmounts, {
  product: z.enum(productNames),
  rentalType: z.enum(checkoutRentalTypes),
  monthlyRate: cents,
  dailyRate: cents,
  proratedFirstMonth: cents,
  lastMonth: cents,
  keyFee: cents,
  setupFee: cents,
  totalDays: z.int(),
  dates: z.array(isoDateString),
  proration: z.nullable(z.object({ days: z.int(), daysInMonth: z.int() })),
}) satisfies z.ZodMiniType<Quote>;

/** A paid order as its messages name it: the unit and its quote, who paid, and how. */
const paidOrder = z.object({
  id: z.string(),
  unitName: z.string(),
  serviceType: z.string(),
  quote,
  /** The booked day, or a rental's first day. */
  startDate: isoDateString,
  receiptNumber: z.string(),
  paidAt: instant,
  buyer: z.object({ name: z.nullable(z.string()), email: z.nullable(z.string()), language }),
  payment: z.object({ provider: z.enum(['stripe', 'test']), reference: z.nullable(z.string()) }),
});

const bilingual = z.object({ fr: z.string(), en: z.string() });

const paymentMethod = z.enum(['card', 'test', 'pad', 'cheque', 'etransfer', 'credit']);

/** A receipt, a credit note or an invoice as its PDF lays it out (documents/receipt.ts ReceiptDocument). */
const receiptDocument = z.object({
  kind: z.enum(['receipt', 'credit_note', 'invoice']),
  number: z.string(),
  issuedAt: instant,
  refersTo: z.optional(z.string()),
  refersToKind: z.optional(z.literal('invoice')),
  invoice: z.optional(z.object({ period: z.object({ from: isoDateString, to: isoDateString }), paidAt: z.nullable(instant) })),
  buyer: z.object({ name: z.string(), email: z.string() }),
  item: bilingual,
  lines: z.array(z.object({ description: bilingual, cents, taxable: z.boolean() })),
  dates: z.array(isoDateString),
  hours: z.optional(z.string()),
  subtotal: cents,
  gst: cents,
  qst: cents,
  total: cents,
  payment: z.object({ method: paymentMethod, reference: z.nullable(z.string()) }),
});

/** Money going back, as the event decided it: what it gives back, under which credit note. */
const refund = z.object({ creditNoteNumber: z.string(), amounts: refundAmounts });

const orderPaid = z.object({ order: paidOrder });
const orderRefunded = z.object({ order: paidOrder, refund });
/** Days cancelled: with the days of the order still booked once they are. */
const bookingCancelled = z.extend(orderRefunded, { stillBooked: z.array(isoDateString) });
/**
 * Notice on a rental. lastMonth, for a rental billed every month: the prepaid last month will pay
 * its final period ('applied'), or that period was invoiced already and the month is refunded whole
 * with its credit note ('refunded'), or pays what is owed first ('owed_paid'). Absent from rows
 * written before billing.
 */
const rentalNoticeGiven = z.object({
  order: paidOrder,
  notice: z.object({ givenOn: isoDateString, endsOn: isoDateString }),
  lastMonth: z.optional(
    z.union([
      z.object({ kind: z.literal('applied') }),
      z.object({ kind: z.literal('refunded'), creditNote: receiptDocument }),
      /** The month paid what the rental still owed first (credit notes against its invoices), and the rest, if any, went back. */
      z.object({ kind: z.literal('owed_paid'), owedPaid: z.array(receiptDocument), creditNote: z.nullable(receiptDocument) }),
    ]),
  ),
});

/** A waitlist entry, and where its person stands for each unit chosen (in the order chosen) as it was written. */
const waitlistEntry = z.object({
  entry: z.object({
    id: z.int(),
    name: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    people: z.int(),
    budget: z.object({ minCents: z.nullable(cents), maxCents: z.nullable(cents) }),
    desiredStart: z.nullable(isoDateString),
    language: z.nullable(language),
    receivedAt: instant,
  }),
  units: z.array(z.object({ name: z.string(), place: z.nullable(z.int()), offered: z.boolean() })),
});

/** A freed unit offered to the person first in line, with what renting it cost the day it was offered. */
const waitlistOffer = z.object({
  person: z.object({ name: z.string(), email: z.string() }),
  unit: z.object({ name: z.string(), serviceType: z.string(), location: z.nullable(z.string()), capacity: z.nullable(z.int()) }),
  deadline: instant,
  quotes: z.array(quote),
});

const leaseSignature = z.object({
  signer_name: z.string(),
  company_name: z.string(),
  signed_at: instant,
  ip_address: z.string(),
  user_agent: z.string(),
  language: z.enum(leaseLanguages),
  contract_sha256: z.string(),
  french_offered_at: z.nullable(instant),
});

/**
 * A lease offer as the lease domain reads it back (lease/offer-record.ts), which the agreement
 * is drawn from; without the signature's image and banking numbers, which only the signed
 * tenant's message carries.
 */
const leaseOffer = z.object({
  id: z.int(),
  email: z.string(),
  company_name: z.nullable(z.string()),
  contact_name: z.nullable(z.string()),
  status: z.enum(leaseOfferStatuses),
  monthly_rate_cents: cents,
  monthly_discount_cents: cents,
  signup_discount_cents: cents,
  lease_term_months: z.int(),
  start_date: isoDateString,
  move_in_fee_type: z.enum(moveInFeeTypes),
  move_in_fee_amount_cents: z.nullable(cents),
  contract_language: z.enum(leaseLanguages),
  expires_at: instant,
  created_at: instant,
  services: z.array(z.object({ office_id: z.string(), name: z.string(), service_type: z.string(), location_code: z.nullable(z.string()), base_monthly_rate: z.nullable(z.string()) })),
  info: z.nullable(z.object({ phone: z.string(), address: z.string(), city: z.string(), province: z.string(), postal_code: z.string() })),
  signature: z.nullable(leaseSignature),
});

const leaseOfferCreated = z.object({ offer: leaseOffer });
/** A signing refused because units of the offer were taken meanwhile (their names): staff call the tenant. */
const leaseSigningRefused = z.extend(leaseOfferCreated, {
  taken: z.array(z.string()),
  /** A lease signed before signing took its units, whose tenancy could not begin when it was adopted. */
  signedBefore: z.optional(z.literal(true)),
});
const leaseSigned = z.object({ offer: z.extend(leaseOffer, { signature: leaseSignature }) });
/** The tenant's copy also carries what only the agreement shows: the drawn signature, and the banking numbers masked. */
const tenantLeaseSigned = z.extend(leaseSigned, {
  agreement: z.object({
    signaturePng: z.string(),
    banking: z.object({ transit_number: z.string(), institution_number: z.string(), account_number: z.string() }),
  }),
});

/** A rental as its billing messages name it: the unit, who rents it, the rent as sold and its last day once set. */
const rental = z.object({
  id: z.string(),
  unitName: z.string(),
  serviceType: z.string(),
  product: z.enum(productNames),
  monthlyCents: cents,
  endsOn: z.nullable(isoDateString),
  customer: z.object({ name: z.string(), email: z.string(), language }),
});

/** An invoice of a rental's period (billing/invoices.ts), as issued. */
const invoice = z.object({
  id: z.string(),
  number: z.string(),
  periodStart: isoDateString,
  periodEnd: isoDateString,
  /** The rental's last period: the prepaid last month is applied to it. */
  final: z.boolean(),
  lines: z.array(z.object({ item: z.enum(invoiceItems), cents })),
  subtotal: cents,
  gst: cents,
  qst: cents,
  total: cents,
  issuedAt: instant,
});

/** An invoice paid: how and when, its PDF marked paid, and the next invoice the rental will get (none once it ends). */
const invoicePaid = z.object({
  rental,
  invoice,
  payment: z.object({ method: paymentMethod, paidAt: instant, reference: z.nullable(z.string()), cents }),
  document: receiptDocument,
  next: z.nullable(z.object({ on: isoDateString, cents })),
});

/**
 * An invoice issued that nobody charges: due, with Pay now, when the rental has no card on file;
 * or settled, the prepaid last month covering the final period, with what it leaves over refunded.
 */
const invoiceIssued = z.object({
  rental,
  invoice,
  document: receiptDocument,
  payNow: z.boolean(),
  refund: z.nullable(z.object({ creditNoteNumber: z.string(), cents })),
  /** The final invoice's prepaid month paid what earlier invoices still owed first: the credit notes it took (prepaid-month.ts). */
  owedPaid: z.optional(z.array(receiptDocument)),
  /**
   * A tenancy's invoice: the day it is debited under the PAD agreement (`noticed`: this e-mail is
   * the notice of a debit whose amount or date differs from the agreement's), or `stopped` when the
   * agreement's debits have ended and it must be paid otherwise. Absent for rentals paid by card.
   */
  pad: z.optional(z.union([z.object({ kind: z.literal('debit'), on: isoDateString, noticed: z.boolean() }), z.object({ kind: z.literal('stopped') })])),
});

/**
 * A try at paying an invoice failed: which try of how many, the provider's reason
 * ('card_declined', 'authentication_required', 'expired_card', 'insufficient_funds', or another
 * code), and the day of the next try (null after the last).
 */
const invoicePaymentFailed = z.object({
  rental,
  invoice,
  attempt: z.object({ number: z.int(), of: z.int(), reason: z.string(), nextTryOn: z.nullable(isoDateString), at: instant }),
});

/** An invoice paid twice: the payment that came second, and what of it goes back (0: none could be refunded by itself). */
const invoicePaidTwice = z.object({
  rental,
  invoice,
  payment: z.object({ method: paymentMethod, cents, reference: z.nullable(z.string()) }),
  refundCents: cents,
});

/**
 * Staff ended a rental at once: its last day, the credit notes that settle its billing (attached),
 * what goes back to the card, and the invoices it still owes (paid on the manage page).
 */
const rentalEnded = z.object({
  rental,
  lastDay: isoDateString,
  creditNotes: z.array(receiptDocument),
  refundCents: cents,
  /** Paid by cheque or e-Transfer on a credited invoice: returned by staff, not to a card. */
  toReturnCents: cents,
  /** What is still owed; a tenancy's with the day its PAD debit is made (null: a debit filed already is under way). */
  owed: z.array(z.object({ number: z.string(), cents, debitOn: z.optional(z.nullable(isoDateString)) })),
  /** Ended at once (absent: rows written before tenancies could end), or under its contract on a later day. */
  mode: z.optional(z.enum(['now', 'contract'])),
});

/** A Change card completed: when, and the next invoice the card will pay (none once the last is issued). */
const cardChanged = z.object({ rental, changedAt: instant, next: z.nullable(z.object({ on: isoDateString, cents })) });

/**
 * A tenancy's PAD debit returned by the bank: its CPA-007 code, and what follows (pad-debits.ts):
 * debited once more on `redebitOn` with the handling fee (its invoice attached), not debited
 * again, all debits stopped, or claimed back by the payer. `owedCents`: what the invoice owes again.
 */
const padDebitReturned = z.object({
  rental,
  invoice,
  returned: z.object({ code: z.string(), cents, at: instant }),
  outcome: z.enum(['redebit', 'no_redebit', 'stopped', 'dispute']),
  redebitOn: z.nullable(isoDateString),
  owedCents: cents,
  fee: z.nullable(receiptDocument),
});

/**
 * A lease's term ends in 60 days (site.pad.termEndNoticeDays): its last day, the day by which
 * either party gives notice to end it then (the contract's 30 days), and otherwise it goes on
 * month to month at the same rent, by the same PAD agreement.
 */
const leaseTermEnding = z.object({ rental, termMonths: z.int(), termEndsOn: isoDateString, noticeBy: isoDateString });

/**
 * The payment provider refuses us (billing/provider-incidents.ts): why (our key, its rights, a
 * request it calls invalid), its code and words, and since when. Card charges stop until it answers.
 */
const paymentProviderRefused = z.object({
  refusal: z.enum(['authentication', 'permission', 'invalid_request']),
  code: z.string(),
  message: z.string(),
  since: instant,
});

/** Each kind of message (named staff_… when it is for the operations team), and what it carries. */
const schemas = {
  order_paid: z.extend(orderPaid, { receipt: receiptDocument }),
  order_refunded: z.extend(orderRefunded, { creditNote: receiptDocument }),
  booking_cancelled: z.extend(bookingCancelled, { creditNote: receiptDocument }),
  rental_notice_given: rentalNoticeGiven,
  waitlist_received: waitlistEntry,
  waitlist_offer: waitlistOffer,
  lease_offer_created: leaseOfferCreated,
  lease_signed: tenantLeaseSigned,
  staff_order_paid: orderPaid,
  staff_order_refunded: orderRefunded,
  staff_booking_cancelled: bookingCancelled,
  staff_rental_notice_given: rentalNoticeGiven,
  staff_waitlist_entry: waitlistEntry,
  staff_lease_signed: leaseSigned,
  staff_lease_signing_refused: leaseSigningRefused,
  invoice_paid: invoicePaid,
  invoice_issued: invoiceIssued,
  invoice_payment_failed: invoicePaymentFailed,
  staff_invoice_overdue: invoicePaymentFailed,
  staff_invoice_paid_twice: invoicePaidTwice,
  staff_payment_provider_refused: paymentProviderRefused,
  rental_ended: rentalEnded,
  card_changed: cardChanged,
  pad_debit_returned: padDebitReturned,
  lease_term_ending: leaseTermEnding,
  staff_lease_term_ending: leaseTermEnding,
};

export type MessageKind = keyof typeof schemas;
export const messageKinds = Object.keys(schemas) as MessageKind[];
export type MessageData = { [K in MessageKind]: z.output<(typeof schemas)[K]> };

/** Each kind's schema, as reading a row of that kind needs it. */
const readers: { [K in MessageKind]: z.ZodMiniType<MessageData[K]> } = schemas;

export function isMessageKind(kind: string): kind is MessageKind {
  return Object.hasOwn(schemas, kind);
}

/** A row's data read through its kind's schema, or why it cannot be (jsonb comes back parsed, or as text on some drivers). */
export function readMessageData<K extends MessageKind>(kind: K, stored: unknown): { ok: true; data: MessageData[K] } | { ok: false; problem: string } {
  let value = stored;
  try {
    if (typeof stored === 'string') value = JSON.parse(stored);
  } catch {
    return { ok: false, problem: 'its data is not JSON' };
  }
  const read = readers[kind].safeParse(value);
  if (read.success) return { ok: true, data: read.data };
  const issue = read.error.issues[0];
  return { ok: false, problem: `its data does not read as a message of kind ${kind} (${issue ? `${issue.path.join('.') || 'data'}: ${issue.message}` : 'unreadable'})` };
}
