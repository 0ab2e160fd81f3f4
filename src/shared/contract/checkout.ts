import * as z from 'zod/mini';
import { checkoutPricing, dollarsFromCents, quote, type ProductChoice, type PricedUnit, type Quote } from '../domain/pricing.ts';
import { cancelAnchor } from '../domain/categories.ts';
import { checkoutRentalTypes, productRule } from '../domain/products.ts';
import { isPlainText, isValidEmail, maxEmailLength, plainTextMessage } from '../domain/text.ts';
import type { IsoDate } from '../domain/time.ts';
import { isoDateString, plainText, secretTokenPattern, unitCode } from './common.ts';
import type { CheckoutDetails } from './orders.ts';
import { waitlistPaths } from './waitlist-offers.ts';

/** Dollars as the API carries them: never negative, never more than a card payment can be. */
const amount = z.number().check(z.minimum(0), z.maximum(999_999.99));
const shortText = plainText({ min: 1, max: 200 });
/** An http(s) address, localhost included (z.httpUrl wants a dotted domain). */
const webUrl = z.pipe(z.string().check(z.refine(isPlainText, plainTextMessage), z.maxLength(2000)), z.url({ protocol: /^https?$/ }));

export const locale = z.enum(['en', 'fr']);
export type Locale = z.infer<typeof locale>;

export const rentalType = z.enum(checkoutRentalTypes);

/** SPEC.md §7 call 1 `pricing`. */
export const checkoutPricingSchema = z.object({
  monthlyRate: amount,
  proratedFirstMonth: amount,
  lastMonth: amount,
  keyFee: amount,
  setupFee: amount,
  totalDueToday: amount,
  rentalType,
  dailyBookings: z.nullish(z.array(isoDateString).check(z.maxLength(62))),
  dailyRate: amount,
  totalDays: z.int().check(z.minimum(0), z.maximum(62)),
});

/** The literal officeId of a day pass (SPEC.md §7). */
export const dayPassOfficeId = 'daypass';

/**
 * SPEC.md §7 call 1: POST /public-api/stripe/create-checkout-session. Additions: `locale` 'fr'
 * gives the visitor a French checkout page; `waitlistOffer` is the claim token of a waitlist offer
 * (waitlist-offers.ts), which lets its person rent the unit held for them.
 */
export const checkoutRequest = z.object({
  officeId: z.union([unitCode, z.int().check(z.positive())]),
  officeDetails: z.object({
    office_id: shortText,
    name: shortText,
    service_type: shortText,
    monthly_rate: amount,
  }),
  pricing: checkoutPricingSchema,
  successUrl: webUrl,
  cancelUrl: webUrl,
  locale: z.optional(locale),
  waitlistOffer: z.optional(z.string().check(z.regex(secretTokenPattern, 'claim_token'))),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

export const checkoutResponse = z.object({
  success: z.boolean(),
  checkoutUrl: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** SPEC.md §7 call 2: GET /public-api/calendar/availability?officeId&startDate&endDate. */
export const availabilityQuery = z.object({
  officeId: unitCode,
  startDate: isoDateString,
  endDate: isoDateString,
});
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;

export const availabilityResponse = z.object({
  success: z.optional(z.boolean()),
  bookedDates: z.array(isoDateString),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/** Who pays, as the built-in test checkout's form sends them (Stripe collects its own). */
export const buyerForm = z.object({
  buyer_name: z.string().check(z.trim(), z.refine(isPlainText, 'buyer_name'), z.minLength(1, 'buyer_name'), z.maxLength(200, 'buyer_name')),
  buyer_email: z.string().check(z.trim(), z.maxLength(maxEmailLength, 'buyer_email'), z.refine(isValidEmail, 'buyer_email')),
});
export type BuyerForm = z.infer<typeof buyerForm>;

/** The inventory fields checkout needs (an item of SPEC.md call 3). */
export interface CheckoutUnit extends PricedUnit {
  id: number | string;
  office_id: string;
  service_code?: string | null;
  name: string;
}

/** SPEC.md §7: the room id, 'daypass', the mailbox's office_id (else service_code, else id), or the office_id. */
export function checkoutOfficeId(unit: Pick<CheckoutUnit, 'id' | 'office_id' | 'service_code' | 'service_type'>): string {
  if (unit.service_type === 'day_pass') return dayPassOfficeId;
  if (unit.service_type === 'mailbox') return unit.office_id || unit.service_code || String(unit.id);
  return unit.office_id;
}

/** checkoutDetails for a quote: bookingDate is the booked day, or today for a rental. */
export function checkoutDetailsOf(q: Quote, unit: Pick<CheckoutUnit, 'name' | 'service_type'>, today: IsoDate): CheckoutDetails {
  const p = checkoutPricing(q);
  return {
    officeName: unit.name,
    serviceType: unit.service_type,
    // The success page reads anything but daily and monthly as a 12-month lease; a standard rental is month to month.
    rentalType: q.rentalType === 'standard' ? 'monthly' : q.rentalType,
    monthlyRate: p.monthlyRate,
    dailyRate: p.dailyRate,
    setupFee: p.setupFee,
    keyFee: p.keyFee,
    lastMonth: p.lastMonth,
    proratedFirstMonth: p.proratedFirstMonth,
    totalAmount: dollarsFromCents(q.total),
    totalDays: p.totalDays,
    bookingDate: q.dates[0] ?? today,
    subtotal: dollarsFromCents(q.subtotal),
    gst: dollarsFromCents(q.gst),
    qst: dollarsFromCents(q.qst),
  };
}

/**
 * The whole call-1 body for a choice, built from the same quote the server recomputes, with
 * the checkoutDetails to save before the redirect; null when the unit has no usable price.
 * `origin` is the site's origin (location.origin). `waitlistOffer`, the token of a claim link,
 * rents the unit held for its person; a cancelled checkout then returns to that claim page, where
 * the offer still waits, not to the list, where the unit is not for sale.
 */
export function buildCheckout(
  unit: CheckoutUnit,
  choice: ProductChoice,
  options: { today: IsoDate; origin: string; locale?: Locale; waitlistOffer?: string },
): { request: CheckoutRequest; checkoutDetails: CheckoutDetails; quote: Quote } | null {
  const q = quote(unit, choice, options.today);
  if (!q) return null;
  // SPEC.md §7: a room or a pass, whose rate is a day's price, sends no monthly rate.
  const perDay = productRule(q.product).unitRate === 'day';
  const request: CheckoutRequest = {
    officeId: checkoutOfficeId(unit),
    officeDetails: {
      office_id: unit.office_id || unit.service_code || String(unit.id),
      name: unit.name,
      service_type: unit.service_type,
      monthly_rate: perDay ? 0 : q.monthlyRate / 100,
    },
    pricing: checkoutPricing(q),
    successUrl: `${options.origin}/checkout-success`,
    cancelUrl: options.waitlistOffer ? `${options.origin}${waitlistPaths.claimReturn}` : `${options.origin}/#${cancelAnchor(unit)}`,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.waitlistOffer ? { waitlistOffer: options.waitlistOffer } : {}),
  };
  return { request, checkoutDetails: checkoutDetailsOf(q, unit, options.today), quote: q };
}
