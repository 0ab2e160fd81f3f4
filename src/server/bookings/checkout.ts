import { randomUUID } from 'node:crypto';
import { checkoutDetailsOf, type CheckoutRequest } from '../../shared/contract/checkout.ts';
import type { OrderResponse } from '../../shared/contract/orders.ts';
import { bookingWindow, dayStatus, type DayStatus } from '../../shared/domain/booking-windows.ts';
import { amountMismatches, checkoutPricing, dollarsToCents, formatCad, quote, type ComparedAmount, type ProductChoice } from '../../shared/domain/pricing.ts';
import { isBookingProduct, productRule, products, productsFor, serviceTypeNames, isServiceType, type BookingProduct, type Product } from '../../shared/domain/products.ts';
import { isIsoDate, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { AppContext } from '../deps.ts';
import { logError } from '../log.ts';
import { manageTokenOf } from './manage-link.ts';
import { lineItemsFor } from '../documents/line-names.ts';
import { successUrlTemplate } from '../payments/provider.ts';
import { testCheckoutAllowed } from '../payments/test-checkout.ts';
import { offerByToken } from '../waitlist/unit-offers.ts';
import {
  attachSession,
  bookedDates,
  checkoutSessionMinutes,
  clientKeyOf,
  currentStatus,
  failOrder,
  findOrderBySession,
  findUnit,
  placeOrder,
  type NewOrder,
  type Unit,
} from './orders.ts';

/** Who asks for a checkout, as the route reads it from the request. */
export interface CheckoutClient {
  /** The client's rate-limit key (its address, or its /64): unpaid holds are capped per client. */
  limitKey: string;
  /** The origin the request came to, for a checkout page this server serves itself. */
  origin: string;
  /** The site's origins: successUrl and cancelUrl must be on one of them. */
  siteOrigins: readonly string[];
}

/** A session to send the visitor to, or why not (status and the visitor's message). */
export type CheckoutAnswer =
  | { kind: 'session'; url: string }
  | { kind: 'refused'; status: 400 | 404 | 409 | 422 | 502 | 503; error: string }
  | { kind: 'too_many'; retryAfterSeconds: number; error: string };

const refused = (status: 400 | 404 | 409 | 422 | 502 | 503, error: string): CheckoutAnswer => ({ kind: 'refused', status, error });

/** Why a date is outside its product's window, in the server's words. */
const windowReasons: Record<Exclude<DayStatus, 'available' | 'booked'>, (p: BookingProduct) => string> = {
  past: () => 'the date has passed',
  beyond_window: (p) =>
    ({
      office_daily: `offices are booked by the day at most ${products.office_daily.window.ahead.days} days ahead`,
      conference_room: `conference rooms are booked at most ${products.conference_room.window.ahead.months} months ahead`,
      day_pass: `day passes are sold at most ${products.day_pass.window.ahead.days} days ahead`,
    })[p],
  weekend: () => 'Weekends not available',
  same_day_closed: () => {
    const hour = products.day_pass.window.sameDayUntilHour;
    return `a day pass for today is sold only before ${hour === 12 ? 'noon' : `${hour}:00`}`;
  },
};

const amountNames: Record<ComparedAmount, string> = {
  monthlyRate: 'monthly rate',
  proratedFirstMonth: 'prorated first month',
  lastMonth: 'last month',
  keyFee: 'key fee',
  setupFee: 'setup fee',
  totalDueToday: 'total due today',
  dailyRate: 'daily rate',
};

/** The product a call-1 body chooses for a unit (products.ts), with its dates, or the reason it chooses none. */
function choiceFor(unit: Unit, pricing: CheckoutRequest['pricing']): ProductChoice | string {
  const sold = productsFor(unit.service_type);
  if (sold.length === 0 || !isServiceType(unit.service_type)) return `${unit.name} cannot be booked online`;
  const product: Product | undefined = sold.find((p) => productRule(p).chosenBy.includes(pricing.rentalType));
  if (!product) {
    const wanted = [...new Set(sold.flatMap((p) => productRule(p).chosenBy))].map((t) => `"${t}"`).join(' or ');
    // A mailbox is a subscription, not a rental of the unit.
    if (!sold.some((p) => productRule(p).rentsUnit)) return `A ${unit.service_type} is subscribed to ${sold.map((p) => productRule(p).rentalType).join(' or ')} (pricing.rentalType ${wanted})`;
    return `${unit.name} is rented with pricing.rentalType ${wanted}`;
  }
  const dates = pricing.dailyBookings ?? [];
  switch (productRule(product).dates) {
    case 'none':
      return { product } as ProductChoice;
    case 'one': {
      const [date] = dates;
      if (dates.length !== 1 || !date) return `A ${serviceTypeNames.en[unit.service_type].toLowerCase()} is booked for exactly one date (pricing.dailyBookings)`;
      return { product, date } as ProductChoice;
    }
    case 'many':
      if (dates.length === 0) return 'Choose at least one date (pricing.dailyBookings)';
      return { product, dates } as ProductChoice;
  }
}

/** What placing the order holds until it is paid, from its product (products.ts). */
function holdOf(product: Product, dates: IsoDate[], today: IsoDate): NewOrder['hold'] {
  switch (productRule(product).holds) {
    case 'days':
      return { kind: 'day', dates };
    case 'unit':
      return { kind: 'rental', from: today };
    case 'nothing':
      return { kind: 'none' };
  }
}

/**
 * SPEC.md §7 call 1, the server's side of 'Rent Now' and 'Book': checks the choice against the
 * unit, its window and the server's own prices, holds what the product holds, and opens the
 * provider's checkout for exactly the server's amounts.
 */
export async function startCheckout(ctx: AppContext, body: CheckoutRequest, client: CheckoutClient): Promise<CheckoutAnswer> {
  // SPEC §7: both are the site's own origin plus a path; anywhere else would make the checkout an open redirect.
  for (const field of ['successUrl', 'cancelUrl'] as const) {
    if (!isSiteUrl(body[field], client.siteOrigins)) {
      return refused(400, `Invalid checkout request: ${field} must be an address on this site (${client.siteOrigins.join(', ')})`);
    }
  }
  if (ctx.payments.kind === 'test' && !testCheckoutAllowed(ctx)) return refused(503, 'Card payments are not available right now. Please contact us to book.');

  const unit = await findUnit(ctx.db, String(body.officeId));
  if (!unit) return refused(404, `No such office or service: ${String(body.officeId)}`);
  const choice = choiceFor(unit, body.pricing);
  if (typeof choice === 'string') return refused(422, choice);
  const rule = productRule(choice.product);

  const now = ctx.clock();
  const today = spaceToday(now);
  if (isBookingProduct(choice.product)) {
    const window = bookingWindow(choice.product, now);
    for (const date of body.pricing.dailyBookings ?? []) {
      if (!isIsoDate(date)) return refused(400, `Not a date: ${date}`);
      const status = dayStatus(window, date);
      if (status !== 'available' && status !== 'booked') return refused(422, `${date} cannot be booked: ${windowReasons[status](choice.product)}`);
    }
  }
  // Through a waitlist claim link: the unit is held for this person, who rents it as if it were on sale.
  let claim: { offerId: string } | null = null;
  if (body.waitlistOffer !== undefined) {
    // The server keeps a claim link's token as its hash only: the addresses it stores, and gives the provider, must not carry it.
    if (body.successUrl.includes(body.waitlistOffer) || body.cancelUrl.includes(body.waitlistOffer)) {
      return refused(400, 'Invalid checkout request: successUrl and cancelUrl must not carry the claim link');
    }
    const offer = await offerByToken(ctx.db, 'claim', body.waitlistOffer);
    if (!offer || offer.office_id !== unit.id) return refused(404, 'This claim link is not for this space. Please use the link in your e-mail.');
    if (!rule.rentsUnit) return refused(422, `${unit.name} is claimed by renting it, month to month or with a lease, not by the day.`);
    claim = { offerId: offer.id };
  }
  if (rule.needsAvailableUnit && !unit.is_available && !claim) return refused(409, `${unit.name} is no longer available. Join the waitlist to hear when it is.`);

  const q = quote(claim ? { ...unit, is_available: true } : unit, choice, today);
  if (!q) return refused(422, `Unable to proceed - pricing information unavailable for ${unit.name}`);
  const mismatches = amountMismatches(body.pricing, q);
  if (mismatches.length > 0) {
    const server = checkoutPricing(q);
    const details = mismatches.map((k) => `${amountNames[k]} is ${formatCad(dollarsToCents(server[k]))}, not ${formatCad(dollarsToCents(body.pricing[k]))}`).join('; ');
    return refused(409, `The prices sent do not match our prices (${details}). Please reload the page and try again.`);
  }
  if (body.pricing.totalDays !== q.totalDays) {
    return refused(409, `The number of days sent (${body.pricing.totalDays}) does not match the dates chosen (${q.totalDays}). Please reload the page and try again.`);
  }

  const orderId = randomUUID();
  const sessionExpiresAt = new Date(now.getTime() + checkoutSessionMinutes * 60_000);
  const locale = body.locale ?? 'en';
  const placed = await placeOrder(ctx.db, {
    id: orderId,
    provider: ctx.payments.kind,
    officeId: unit.id,
    clientKey: clientKeyOf(client.limitKey),
    maxUnpaidHolds: ctx.config.maxUnpaidHoldsPerClient,
    officeName: unit.name,
    serviceType: unit.service_type,
    quote: q,
    bookingDate: q.dates[0] ?? today,
    locale,
    successUrl: body.successUrl,
    cancelUrl: body.cancelUrl,
    hold: claim ? { kind: 'offer', offerId: claim.offerId } : holdOf(choice.product, q.dates, today),
    now,
    sessionExpiresAt,
  });
  if (placed.kind === 'hold_cap') {
    const minutes = Math.ceil(placed.retryAfterSeconds / 60);
    return {
      kind: 'too_many',
      retryAfterSeconds: placed.retryAfterSeconds,
      error: `You already have ${ctx.config.maxUnpaidHoldsPerClient} bookings waiting for payment. Finish paying for one of them, or try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    };
  }
  // Retired by staff between reading the unit and placing the order: it is no longer on offer.
  if (placed.kind === 'retired') return refused(404, `No such office or service: ${String(body.officeId)}`);
  if (placed.kind === 'offer_closed') return refused(409, `This offer of ${unit.name} has ended, so it can no longer be claimed. You can join the waitlist again.`);
  if (placed.kind === 'already_booked') {
    const when = q.dates.length > 0 ? ` on ${q.dates.join(', ')}` : '';
    return refused(409, `${unit.name} is already booked${when}. Please choose ${q.dates.length > 0 ? 'another date' : 'another space'}.`);
  }

  try {
    const session = await ctx.payments.createCheckoutSession({
      orderId,
      idempotencyKey: `checkout-hold-${orderId}`,
      currency: 'cad',
      lineItems: lineItemsFor(q, unit.name, locale),
      successUrl: successUrlTemplate(body.successUrl),
      cancelUrl: body.cancelUrl,
      locale,
      expiresAt: sessionExpiresAt,
      metadata: { order_id: orderId, office_id: unit.office_id },
      origin: client.origin,
    });
    await attachSession(ctx.db, orderId, session);
    return { kind: 'session', url: session.url };
  } catch (err) {
    logError('checkout.session_failed', err, { order: orderId });
    await failOrder(ctx.db, orderId);
    return refused(502, 'The payment page could not be opened. Please try again in a moment.');
  }
}

/** SPEC.md §7 call 2: the dates of a unit that holds and bookings take, or undefined for no such unit. */
export async function unitBookedDates(ctx: AppContext, officeId: string, startDate: IsoDate, endDate: IsoDate): Promise<IsoDate[] | undefined> {
  const unit = await findUnit(ctx.db, officeId);
  if (!unit) return undefined;
  return bookedDates(ctx.db, unit.id, startDate, endDate, ctx.clock());
}

/** What the success page shows of an order when its browser has no checkoutDetails; undefined for no such session. */
export async function orderForSuccessPage(ctx: AppContext, sessionId: string): Promise<OrderResponse | undefined> {
  const order = await findOrderBySession(ctx.db, sessionId);
  if (!order) return undefined;
  const manageToken = order.receiptNumber ? await manageTokenOf(ctx.db, ctx.config.bankingKeys, order.id) : undefined;
  return {
    success: true,
    // An abandoned test checkout (or a session whose expiry event is late) is over once its time is.
    status: currentStatus(order, ctx.clock()),
    checkoutDetails: checkoutDetailsOf(order.quote, { name: order.officeName, service_type: order.serviceType }, order.bookingDate),
    bookingDates: order.quote.dates,
    ...(order.refundReason ? { refundReason: order.refundReason } : {}),
    ...(order.receiptNumber ? { receiptNumber: order.receiptNumber } : {}),
    ...(manageToken ? { manageToken } : {}),
  };
}

/** An address on one of the site's origins (no credentials in it): safe to send a visitor back to. */
export function isSiteUrl(url: string, origins: readonly string[]): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.username === '' && parsed.password === '' && origins.includes(parsed.origin);
}
