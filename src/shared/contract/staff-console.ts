import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';
import { addDays, isIsoDate, type IsoDate } from '../domain/time.ts';
import { endOfSpaceDay, spaceToday } from '../domain/zoned-time.ts';
import { moveInFeeTypes } from '../domain/lease-payment.ts';
import { productNames, serviceTypes } from '../domain/products.ts';
import { waitlistOfferStatuses, waitlistUnitStatuses } from '../domain/waitlist-states.ts';
import { unitCodePattern } from './common.ts';
import { dayPassOfficeId } from './checkout.ts';
import { orderStatuses } from './orders.ts';
import { leaseLanguages, leaseOfferStatuses } from './lease.ts';
import { staffOrder } from './staff-orders.ts';
import { auditEntry } from './staff.ts';

/**
 * What the staff console and /admin-api say to each other beyond the lists of staff-orders.ts,
 * staff-mail.ts and waitlist.ts. The server parses every input with these schemas; the console
 * parses every answer with them.
 */

const isoDate = z.string().check(z.refine(isIsoDate, 'date_format'));
const text = (max: number) => z.string().check(z.trim(), z.refine(isPlainText, plainTextMessage), z.maxLength(max, 'at_most_chars'));

// ─── Inventory ────────────────────────────────────────────────────────────────

/** A unit as staff see it: the public fields, and whether it is retired. */
export const staffUnit = z.object({
  id: z.number(),
  office_id: z.string(),
  service_code: z.nullable(z.string()),
  name: z.string(),
  service_type: z.enum(serviceTypes),
  location_code: z.nullable(z.string()),
  seating_capacity: z.nullable(z.number()),
  /** Dollars as the public list gives them ("1200.00"), null: no list price. */
  base_monthly_rate: z.nullable(z.string()),
  is_available: z.boolean(),
  next_available_date: z.nullable(z.string()),
  retired_at: z.nullable(z.string()),
  updated_at: z.string(),
  /** Staff paused offering it to its waitlist: freed, it goes on sale. */
  waitlist_paused: z.boolean(),
  /** Waitlist entries waiting for it. */
  waitlist_waiting: z.number(),
  /** Held for an open waitlist offer until then (ISO instant); null: no open offer. */
  waitlist_offer_until: z.nullable(z.string()),
});
export type StaffUnit = z.infer<typeof staffUnit>;

/** GET /admin-api/units: every unit, retired ones too, by id. */
export const staffUnitsResponse = z.object({ success: z.literal(true), units: z.array(staffUnit) });

/**
 * POST /admin-api/units (office_id required) and PATCH /admin-api/units/:id (every field
 * optional). The price is dollars with at most two decimals, as typed ("1200" or "1200.50");
 * null clears it. Each problem names its field, so the console can put it beside the input.
 */
/** The checkout reads 'daypass' as the day pass and a number as a unit's id (findUnit): no unit may be called either. */
const checkoutReadsOtherwise = z.refine<string>((code) => code !== dayPassOfficeId && !/^\d+$/.test(code), 'unit_code_reserved');

export const unitFields = {
  office_id: z.string().check(z.trim(), z.regex(unitCodePattern, 'unit_code_format'), checkoutReadsOtherwise),
  name: text(120).check(z.minLength(1, 'name_required')),
  service_type: z.enum(serviceTypes, 'type_required'),
  location_code: z.nullable(text(40)),
  seating_capacity: z.nullable(z.number('whole_number').check(z.int('whole_number'), z.minimum(1, 'at_least'), z.maximum(500, 'at_most'))),
  base_monthly_rate: z.nullable(
    z.string().check(z.trim(), z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'amount_format')),
  ),
  is_available: z.boolean(),
  next_available_date: z.nullable(isoDate),
  service_code: z.nullable(text(40).check(checkoutReadsOtherwise)),
};
export const createUnitInput = z.object(unitFields);
export const updateUnitInput = z.partial(z.object(unitFields));
export type UnitInput = z.input<typeof createUnitInput>;

/** The answer to a create, an edit or a retirement. */
export const staffUnitResponse = z.object({ success: z.literal(true), unit: staffUnit });

// ─── A unit's waitlist ────────────────────────────────────────────────────────

/** An offer of a unit to one entry, as staff see it. */
export const staffWaitlistOffer = z.object({
  id: z.string(),
  entry_id: z.number(),
  status: z.enum(waitlistOfferStatuses),
  offered_at: z.string(),
  expires_at: z.string(),
  closed_at: z.nullable(z.string()),
  /** 'waitlist' when the server offered it by itself, else the staff member who did. */
  offered_by: z.string(),
  order_id: z.nullable(z.string()),
});
export type StaffWaitlistOffer = z.infer<typeof staffWaitlistOffer>;

/** One entry naming the unit, in the order offers go (oldest first). */
export const unitQueueEntry = z.object({
  entry_id: z.number(),
  customer_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  status: z.enum(waitlistUnitStatuses),
  /** Its place in line while waiting (1: next); null otherwise. */
  place: z.nullable(z.number()),
  /** The entry as a whole left the waitlist, or claimed a unit (this one or another). */
  left: z.boolean(),
  claimed: z.boolean(),
  /** The latest offer of this unit to this entry. */
  offer: z.nullable(staffWaitlistOffer),
});
export type UnitQueueEntry = z.infer<typeof unitQueueEntry>;

/** GET /admin-api/units/:id/waitlist: the unit's queue, and its open offer. */
export const unitQueueResponse = z.object({
  success: z.literal(true),
  unit: staffUnit,
  open_offer: z.nullable(staffWaitlistOffer),
  queue: z.array(unitQueueEntry),
});
export type UnitQueueResponse = z.infer<typeof unitQueueResponse>;

/** POST /admin-api/units/:id/waitlist/offer: offer the unit now, to this entry or (none given) to the next in line. */
export const offerUnitInput = z.object({ entry_id: z.optional(z.int('entry_number').check(z.positive('entry_number'), z.maximum(2_147_483_647))) });
/** POST /admin-api/waitlist/:id/skip: pass this entry over for one of its units. */
export const skipEntryInput = z.object({ unit_id: z.int('unit_number').check(z.positive('unit_number'), z.maximum(2_147_483_647)) });

/** The answer to offering, skipping, pausing and resuming: the unit's queue as it now is. */
export const unitQueueChanged = unitQueueResponse;

// ─── Calendar ─────────────────────────────────────────────────────────────────

/** GET /admin-api/calendar?month=YYYY-MM: conference rooms and daily offices, each held or booked day. */
const monthMessage = 'month_format';
// The pattern lets through years no calendar (nor PostgreSQL's date) has, such as 0000: the month's first day must be a date.
export const calendarQuery = z.object({
  month: z.string(monthMessage).check(
    z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, monthMessage),
    z.refine((m: string) => isIsoDate(`${m}-01`), monthMessage),
  ),
});

/** A product's name (products.ts), as orders record it. */
export const productName = z.enum(productNames, 'product');

export const staffCalendarDay = z.object({
  unit_id: z.number(),
  date: z.string(),
  status: z.enum(['held', 'booked']),
  order_id: z.string(),
  order_status: z.enum(orderStatuses),
  buyer_name: z.nullable(z.string()),
  buyer_email: z.nullable(z.string()),
  /** A hold's end (ISO instant); null for a booked day. */
  hold_expires_at: z.nullable(z.string()),
  /** Whether the cancellation policy lets this day be cancelled and refunded now. */
  cancellable: z.boolean(),
});
export type StaffCalendarDay = z.infer<typeof staffCalendarDay>;

export const staffCalendarUnit = z.object({ id: z.number(), office_id: z.string(), name: z.string(), service_type: z.enum(serviceTypes) });
export type StaffCalendarUnit = z.infer<typeof staffCalendarUnit>;

export const staffCalendarResponse = z.object({
  success: z.literal(true),
  month: z.string(),
  units: z.array(staffCalendarUnit),
  days: z.array(staffCalendarDay),
});

/** POST /admin-api/orders/:id/cancel (Idempotency-Key required): the visitor's cancellation path, by staff. */
export const staffCancelInput = z.object({ dates: z.array(isoDate).check(z.minLength(1, 'days_required'), z.maxLength(400)) });

// ─── Orders ───────────────────────────────────────────────────────────────────

/** GET /admin-api/orders filters beside status: the product, and the first day bought within from–to. */
export const orderFilters = z.object({
  product: z.optional(productName),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});

export const orderLine = z.object({ description: z.string(), amount_cents: z.number() });

/** GET /admin-api/orders/:id[?lang=en|fr]: one order in full, its lines described in that language (the receipt's words; en by default). */
export const staffOrderDetail = z.object({
  success: z.literal(true),
  order: z.extend(staffOrder, {
    buyer_name: z.nullable(z.string()),
    buyer_email: z.nullable(z.string()),
    receipt_number: z.nullable(z.string()),
    provider: z.enum(['stripe', 'test']),
    payment_intent_id: z.nullable(z.string()),
    lines: z.array(orderLine),
    subtotal_cents: z.number(),
    gst_cents: z.number(),
    qst_cents: z.number(),
    total_cents: z.number(),
  }),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount_cents: z.number(),
      reason: z.string(),
      status: z.string(),
      credit_note_number: z.nullable(z.string()),
      /** The provider's id of the refund, once it has one. */
      provider_refund_id: z.optional(z.nullable(z.string())),
      created_at: z.string(),
      last_error: z.nullable(z.string()),
    }),
  ),
  audit: z.array(auditEntry),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;

// ─── Waitlist ─────────────────────────────────────────────────────────────────

/** POST /admin-api/waitlist/:id/contacted → the entry's contacted_at; DELETE /admin-api/waitlist/:id → gone (privacy request). */
export const waitlistContactedResponse = z.object({ success: z.literal(true), id: z.number(), contacted_at: z.string() });

// ─── Lease offers ─────────────────────────────────────────────────────────────

/** An offer's statuses: the lease contract's own list. */
export const offerStatuses = leaseOfferStatuses;

const amountMessage = 'amount_format';
/** Dollars: a number, or the decimal string a command line or a form field sends (read as the number it shows). */
const money = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v)),
  z
    .number(amountMessage)
    .check(
      z.nonnegative('amount_negative'),
      z.maximum(1_000_000, 'amount_too_large'),
      z.refine((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'amount_decimals'),
    ),
);

/** A line of text or nothing: blank is null. */
const optionalText = z.nullish(
  z.pipe(
    z.string().check(z.refine(isPlainText, plainTextMessage), z.trim(), z.maxLength(200)),
    z.transform((s: string) => (s === '' ? null : s)),
  ),
);

/** An offer left open stays valid this many days unless expires_at says otherwise. */
export const defaultOfferValidityDays = 30;

/**
 * When an offer closes: the instant asked for (by default the end of the day 30 days from today at
 * the space), cut to the end of its start date. The contract and the PAD agreement the tenant
 * signs name the start and its prorated first month (SPEC 'Initial lease payment'), so a signing
 * may not come after the start: the tenancy would be billed for days it never held.
 */
export function offerExpiry(startDate: IsoDate, today: IsoDate, asked?: Date): Date {
  const wanted = asked ?? endOfSpaceDay(addDays(today, defaultOfferValidityDays));
  const latest = endOfSpaceDay(startDate);
  return wanted.getTime() < latest.getTime() ? wanted : latest;
}

/** The last day an offer made today with no expiry of its own can be signed (offerExpiry's day): what the console says as staff pick the start. */
export function offerLastDay(startDate: IsoDate, today: IsoDate): IsoDate {
  return spaceToday(new Date(offerExpiry(startDate, today).getTime() - 1));
}

/**
 * POST /admin-api/lease-offers: a new offer. Offices by code or number; amounts in dollars;
 * monthly_rate defaults to the offices' list prices; start_date today or later at the space;
 * expires_at an instant or a day (its end at the space), 30 days by default, cut to the end of
 * start_date (offerExpiry). The server reports the first problem only.
 */
export const createOfferInput = z
  .object({
    email: z.pipe(z.string().check(z.refine(isPlainText, plainTextMessage)), z.email('email_invalid')),
    company_name: optionalText,
    contact_name: optionalText,
    office_ids: z
      .array(z.union([z.string().check(z.trim(), z.regex(unitCodePattern, 'unit_codes')), z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))]))
      .check(z.minLength(1, 'units_required'), z.maxLength(20)),
    start_date: isoDate,
    monthly_rate: z.optional(money),
    monthly_discount: z._default(money, 0),
    signup_discount: z._default(money, 0),
    lease_term_months: z._default(z.coerce.number().check(z.int('lease_term_whole'), z.minimum(1), z.maximum(120)), 12),
    move_in_fee_type: z._default(z.enum(moveInFeeTypes), 'monthly_rate'),
    move_in_fee_amount: z.nullish(money),
    expires_at: z.optional(z.union([z.iso.datetime({ offset: true }), isoDate])),
    /** The tenant's language: the invitation's and the contract's first. */
    language: z._default(z.enum(leaseLanguages), 'en'),
    /** false: no invitation e-mail (staff send the link themselves). */
    send_email: z._default(z.boolean(), true),
  })
  .check(
    z.refine((o) => o.move_in_fee_type !== 'fixed_amount' || (o.move_in_fee_amount !== undefined && o.move_in_fee_amount !== null), {
      message: 'move_in_fee_required',
      path: ['move_in_fee_amount'],
    }),
  );
export type CreateOfferInput = z.input<typeof createOfferInput>;

/** An offer in GET /admin-api/lease-offers, newest first; monthly_rate in dollars. */
export const staffOfferSummary = z.object({
  id: z.number(),
  email: z.string(),
  company_name: z.nullable(z.string()),
  status: z.enum(offerStatuses),
  start_date: z.string(),
  monthly_rate: z.number(),
  offices: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  signed_at: z.nullable(z.string()),
});
export type StaffOfferSummary = z.infer<typeof staffOfferSummary>;

export const staffOffersResponse = z.object({ success: z.literal(true), offers: z.array(staffOfferSummary) });

/** GET /admin-api/lease-offers/:id (a number): one offer, its trail, and whether a signed PDF exists. */
export const staffOfferDetail = z.object({
  success: z.literal(true),
  offer: z.object({
    id: z.number(),
    email: z.string(),
    company_name: z.nullable(z.string()),
    contact_name: z.nullable(z.string()),
    status: z.enum(offerStatuses),
    offices: z.array(z.object({ id: z.number(), office_id: z.string(), name: z.string() })),
    start_date: z.string(),
    monthly_rate_cents: z.number(),
    monthly_discount_cents: z.number(),
    signup_discount_cents: z.number(),
    lease_term_months: z.number(),
    move_in_fee_type: z.enum(moveInFeeTypes),
    move_in_fee_amount_cents: z.nullable(z.number()),
    language: z.enum(['en', 'fr']),
    created_at: z.string(),
    expires_at: z.string(),
    signed_at: z.nullable(z.string()),
    /** GET /admin-api/lease-offers/:id/agreement.pdf when signed. */
    has_signed_pdf: z.boolean(),
  }),
  audit: z.array(auditEntry),
});
export type StaffOfferDetail = z.infer<typeof staffOfferDetail>;

/**
 * POST /admin-api/lease-offers (201) and POST /admin-api/lease-offers/:id/resend: the new link,
 * shown once (codes are stored hashed). A resend makes a new code: the old link stops working.
 */
export const offerLinkResponse = z.object({
  success: z.literal(true),
  id: z.optional(z.number()),
  code: z.string(),
  url: z.string(),
  emailed: z.boolean(),
  /** A new offer's units that are not free from its start (rented, held, offered to the waitlist, or marked occupied): by name. */
  not_free: z.optional(z.array(z.string())),
});
