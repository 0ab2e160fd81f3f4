import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  availabilityQuery,
  checkoutDetailsOf,
  checkoutRequest,
  dayPassOfficeId,
  type CheckoutRequest,
  type OrderResponse,
} from '../../shared/contract/checkout.ts';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import { bookingWindow, dailyOfficeWindowDays, dayStatus, type BookingProduct, type DayStatus } from '../../shared/domain/booking-windows.ts';
import { amountMismatches, checkoutPricing, formatCad, quote, type ComparedAmount, type ProductChoice } from '../../shared/domain/pricing.ts';
import { daysBetween, isIsoDate, spaceToday } from '../../shared/domain/time.ts';
import { clientAddress, limitKey } from '../client-address.ts';
import type { Db } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { logError } from '../log.ts';
import { jsonError } from '../middleware/errors.ts';
import { issuesText, readJson } from '../middleware/json-body.ts';
import { tooManyRequests } from '../middleware/rate-limit.ts';
import { receivePaymentEvent } from '../payments/confirm-payment.ts';
import { lineItemsFor } from '../payments/line-items.ts';
import {
  attachSession,
  bookedDates,
  checkoutSessionMinutes,
  clientKeyOf,
  failOrder,
  findOrderBySession,
  placeOrder,
} from '../payments/orders.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { isSiteUrl, requestOrigin, siteOrigins } from '../public-origin.ts';
import { successUrlTemplate, testCheckoutAllowed } from '../payments/test-checkout.ts';

interface Unit {
  id: number;
  office_id: string;
  service_code: string | null;
  name: string;
  service_type: string;
  is_available: boolean;
  base_monthly_rate: string | null;
}

/** A unit by the officeId of SPEC.md §7: 'daypass', an office_id, a service_code or the numeric id. */
async function findUnit(db: Db, officeId: string): Promise<Unit | undefined> {
  let q = db
    .selectFrom('offices')
    .select(['id', 'office_id', 'service_code', 'name', 'service_type', 'is_available', sql<string | null>`base_monthly_rate::text`.as('base_monthly_rate')]);
  if (officeId === dayPassOfficeId) {
    q = q.where('service_type', '=', 'day_pass');
  } else {
    const numeric = /^\d{1,9}$/.test(officeId) ? Number(officeId) : -1;
    q = q.where((eb) => eb.or([eb('office_id', '=', officeId), eb('service_code', '=', officeId), eb('id', '=', numeric)]));
  }
  // An exact office_id wins over a service_code or id that happens to look the same.
  return q.orderBy(sql`case when office_id = ${officeId} then 0 else 1 end`).orderBy('id').limit(1).executeTakeFirst();
}

const reasons: Record<Exclude<DayStatus, 'available' | 'booked'>, (p: BookingProduct) => string> = {
  past: () => 'the date has passed',
  beyond_window: (p) =>
    p === 'office_daily' ? `offices are booked by the day at most ${dailyOfficeWindowDays} days ahead` : p === 'conference_room' ? 'conference rooms are booked at most 3 months ahead' : 'day passes are sold at most 30 days ahead',
  weekend: () => 'Weekends not available',
  same_day_closed: () => 'a day pass for today is sold only before noon',
};

/** The choice a call-1 body makes for a unit of a given type, or the reason it makes none. */
function choiceFor(unit: Unit, body: CheckoutRequest): ProductChoice | string {
  const { rentalType, dailyBookings } = body.pricing;
  const dates = dailyBookings ?? [];
  const oneDate = (product: 'conference_room' | 'day_pass'): ProductChoice | string => {
    const [date] = dates;
    if (dates.length !== 1 || !date) return `A ${product === 'conference_room' ? 'conference room' : 'day pass'} is booked for exactly one date (pricing.dailyBookings)`;
    return { product, date };
  };
  switch (unit.service_type) {
    case 'day_pass':
      return oneDate('day_pass');
    case 'conference_room':
      return oneDate('conference_room');
    case 'mailbox':
      return rentalType === 'monthly' ? { product: 'mailbox' } : 'A mailbox is subscribed to monthly (pricing.rentalType "monthly")';
    case 'dedicated_office':
      if (rentalType === 'monthly') return { product: 'office_monthly' };
      if (rentalType === 'lease') return { product: 'office_lease' };
      if (rentalType === 'standard') return { product: 'standard' };
      if (dates.length === 0) return 'Choose at least one date (pricing.dailyBookings)';
      return { product: 'office_daily', dates };
    case 'assigned_desk':
    case 'hotdesk':
    case 'parking_spot':
      return rentalType === 'standard' ? { product: 'standard' } : `${unit.name} is rented with pricing.rentalType "standard"`;
    default:
      return `${unit.name} cannot be booked online`;
  }
}

const amountNames: Record<ComparedAmount, string> = {
  monthlyRate: 'monthly rate',
  proratedFirstMonth: 'prorated first month',
  lastMonth: 'last month',
  keyFee: 'key fee',
  setupFee: 'setup fee',
  totalDueToday: 'total due today',
  dailyRate: 'daily rate',
};

export function checkoutRoutes(deps: AppDeps) {
  const app = new Hono();

  /** SPEC.md §7 call 1. */
  app.post('/stripe/create-checkout-session', async (c) => {
    const json = await readJson(c);
    if (!json.ok) return jsonError(c, 400, 'The request body is not valid JSON');
    const parsed = checkoutRequest.safeParse(json.body);
    if (!parsed.success) return jsonError(c, 400, `Invalid checkout request: ${issuesText(parsed.error.issues)}`);
    const body = parsed.data;
    // SPEC §7: both are the site's own origin plus a path; anywhere else would make the checkout an open redirect.
    const origins = siteOrigins(c, deps.config);
    for (const field of ['successUrl', 'cancelUrl'] as const) {
      if (!isSiteUrl(body[field], origins)) return jsonError(c, 400, `Invalid checkout request: ${field} must be an address on this site (${origins.join(', ')})`);
    }
    if (deps.payments.kind === 'test' && !testCheckoutAllowed(deps)) {
      return jsonError(c, 503, 'Card payments are not available right now. Please contact us to book.');
    }

    const unit = await findUnit(deps.db, String(body.officeId));
    if (!unit) return jsonError(c, 404, `No such office or service: ${String(body.officeId)}`);
    const choice = choiceFor(unit, body);
    if (typeof choice === 'string') return jsonError(c, 422, choice);

    const now = deps.clock();
    const today = spaceToday(now);
    const windowProduct: BookingProduct | null =
      choice.product === 'office_daily' || choice.product === 'conference_room' || choice.product === 'day_pass' ? choice.product : null;
    if (windowProduct) {
      const window = bookingWindow(windowProduct, now);
      for (const date of body.pricing.dailyBookings ?? []) {
        if (!isIsoDate(date)) return jsonError(c, 400, `Not a date: ${date}`);
        const status = dayStatus(window, date);
        if (status !== 'available' && status !== 'booked') return jsonError(c, 422, `${date} cannot be booked: ${reasons[status](windowProduct)}`);
      }
    }
    const rentsUnit = choice.product === 'office_monthly' || choice.product === 'office_lease' || choice.product === 'standard' || choice.product === 'office_daily';
    if (rentsUnit && !unit.is_available) return jsonError(c, 409, `${unit.name} is no longer available. Join the waitlist to hear when it is.`);

    const q = quote(unit, choice, today);
    if (!q) return jsonError(c, 422, `Unable to proceed - pricing information unavailable for ${unit.name}`);
    const mismatches = amountMismatches(body.pricing, q);
    if (mismatches.length > 0) {
      const server = checkoutPricing(q);
      const details = mismatches.map((k) => `${amountNames[k]} is ${formatCad(Math.round(server[k] * 100))}, not ${formatCad(Math.round(body.pricing[k] * 100))}`).join('; ');
      return jsonError(c, 409, `The prices sent do not match our prices (${details}). Please reload the page and try again.`);
    }
    if (body.pricing.totalDays !== q.totalDays) {
      return jsonError(c, 409, `The number of days sent (${body.pricing.totalDays}) does not match the dates chosen (${q.totalDays}). Please reload the page and try again.`);
    }

    const orderId = randomUUID();
    const sessionExpiresAt = new Date(now.getTime() + checkoutSessionMinutes * 60_000);
    const locale = body.locale ?? 'en';
    const placed = await placeOrder(deps.db, {
      id: orderId,
      provider: deps.payments.kind,
      officeId: unit.id,
      clientKey: clientKeyOf(limitKey(clientAddress(c, deps.config.trustedProxies))),
      maxUnpaidHolds: deps.config.maxUnpaidHoldsPerClient,
      officeName: unit.name,
      serviceType: unit.service_type,
      quote: q,
      bookingDate: q.dates[0] ?? today,
      locale,
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      hold:
        choice.product === 'office_daily' || choice.product === 'conference_room'
          ? { kind: 'day', dates: q.dates }
          : choice.product === 'day_pass' || choice.product === 'mailbox'
            ? { kind: 'none' }
            : { kind: 'rental', from: today },
      now,
      sessionExpiresAt,
    });
    if (placed.kind === 'hold_cap') {
      const minutes = Math.ceil(placed.retryAfterSeconds / 60);
      return tooManyRequests(
        c,
        placed,
        `You already have ${deps.config.maxUnpaidHoldsPerClient} bookings waiting for payment. Finish paying for one of them, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      );
    }
    if (placed.kind === 'already_booked') {
      const when = q.dates.length > 0 ? ` on ${q.dates.join(', ')}` : '';
      return jsonError(c, 409, `${unit.name} is already booked${when}. Please choose ${q.dates.length > 0 ? 'another date' : 'another space'}.`);
    }

    try {
      const session = await deps.payments.createCheckoutSession({
        orderId,
        idempotencyKey: `checkout-hold-${orderId}`,
        currency: 'cad',
        lineItems: lineItemsFor(q, unit.name, locale),
        successUrl: successUrlTemplate(body.successUrl),
        cancelUrl: body.cancelUrl,
        locale,
        expiresAt: sessionExpiresAt,
        metadata: { order_id: orderId, office_id: unit.office_id },
        origin: requestOrigin(c, deps.config.trustedProxies),
      });
      await attachSession(deps.db, orderId, session);
      return c.json({ success: true, checkoutUrl: session.url });
    } catch (err) {
      logError('checkout.session_failed', err, { order: orderId });
      await failOrder(deps.db, orderId);
      return jsonError(c, 502, 'The payment page could not be opened. Please try again in a moment.');
    }
  });

  /** Stripe's events: each applied once, whatever how often it is delivered. */
  app.post('/stripe/webhook', async (c) => {
    // The signature covers the exact bytes: the body is read as text, never parsed first.
    const rawBody = await c.req.text();
    let event;
    try {
      event = deps.payments.verifyWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) return jsonError(c, 400, `Webhook refused: ${err.message}`);
      throw err;
    }
    const result = await receivePaymentEvent(deps, event);
    return c.json(result === 'duplicate' ? { received: true, duplicate: true } : { received: true });
  });

  /** SPEC.md §7 call 2: the dates of a room (or office) that holds and bookings take, for a month. */
  app.get('/calendar/availability', async (c) => {
    const parsed = availabilityQuery.safeParse(c.req.query());
    if (!parsed.success) return jsonError(c, 400, `Invalid availability query: ${issuesText(parsed.error.issues)}`);
    const { officeId, startDate, endDate } = parsed.data;
    if (!isIsoDate(startDate) || !isIsoDate(endDate)) return jsonError(c, 400, 'startDate and endDate must be real dates (YYYY-MM-DD)');
    const span = daysBetween(startDate, endDate);
    if (span < 0) return jsonError(c, 400, 'endDate must not be before startDate');
    if (span > 62) return jsonError(c, 400, 'Ask for at most two months at a time');
    const unit = await findUnit(deps.db, officeId);
    if (!unit) return jsonError(c, 404, `No such office or room: ${officeId}`);
    const dates = await bookedDates(deps.db, unit.id, startDate, endDate, deps.clock());
    // Another visitor's booking can appear at any moment; the service worker keeps its own fallback copy.
    c.header('Cache-Control', 'no-cache');
    return c.json({ success: true, bookedDates: dates });
  });

  /** What the success page shows when this browser has no checkoutDetails. */
  app.get('/orders/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    if (!sessionIdPattern.test(sessionId)) return jsonError(c, 400, 'Not a checkout session id');
    const order = await findOrderBySession(deps.db, sessionId);
    if (!order) return jsonError(c, 404, 'No order for this checkout session');
    const answer: OrderResponse = {
      success: true,
      // An abandoned test checkout (or a session whose expiry event is late) is over once its time is.
      status: order.status === 'pending' && order.expiresAt <= deps.clock() ? 'expired' : order.status,
      checkoutDetails: checkoutDetailsOf(order.quote, { name: order.officeName, service_type: order.serviceType }, order.bookingDate),
      bookingDates: order.quote.dates,
      ...(order.refundReason ? { refundReason: order.refundReason } : {}),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return app;
}
