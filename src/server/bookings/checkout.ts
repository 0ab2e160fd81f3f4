import { randomUUID } from 'node:crypto';
import { type CheckoutRequest } from '../../shared/contract/checkout.ts';
import { bookingWindow, dayStatus, type DayStatus } from '../../shared/domain/booking-windows.ts';
import { amountMismatches, checkoutPricing, dollarsToCents, quote, type ProductChoice } from '../../shared/domain/pricing.ts';
import { problem, type DateRefusal, type Problem } from '../../shared/contract/problems.ts';
import { isBilledMonthly, isBookingProduct, productRule, products, productsFor, serviceTypeNames, isServiceType, type BookingProduct, type Product } from '../../shared/domain/products.ts';
import { isIsoDate, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { AppContext } from '../deps.ts';
import { logError } from '../log.ts';
import { lineItemsFor } from '../documents/line-names.ts';
import { successUrlTemplate } from '../payments/provider.ts';
import { testCheckoutAllowed } from '../payments/test-checkout.ts';
import { offerByToken } from '../waitlist/unit-offers.ts';
import { attachSession, checkoutSessionMinutes, clientKeyOf, failOrder, findUnit, placeOrder, type NewOrder, type Unit } from './orders.ts';

/** Who asks for a checkout, as the route reads it from the request. */
export interface CheckoutClient {
  /** The client's rate-limit key (its address, or its /64): unpaid holds are capped per client. */
  limitKey: string;
  /** The origin the request came to, for a checkout page this server serves itself. */
  origin: string;
  /** The site's origins: successUrl and cancelUrl must be on one of them. */
  siteOrigins: readonly string[];
}

/**
 * A session to send the visitor to, or the problem that refuses it (with the seconds to wait, for
 * a client over its share of unpaid checkouts). `claimLinkFound`: the body's claim link opened an
 * offer, so its lookup was no guess (the route gives its count back).
 */
export type CheckoutAnswer = ({ kind: 'session'; url: string } | { kind: 'refused'; problem: Problem; retryAfterSeconds?: number }) & { claimLinkFound: boolean };

/** Why a date is outside its product's window, with the figure of the rule that refuses it (products.ts). */
function dateRefusal(status: Exclude<DayStatus, 'available' | 'booked'>, product: BookingProduct): DateRefusal {
  switch (status) {
    case 'past':
    case 'weekend':
      return { why: status };
    case 'same_day_closed':
      return { why: status, hour: products.day_pass.window.sameDayUntilHour };
    case 'beyond_window':
      return product === 'conference_room'
        ? { why: status, product, months: products.conference_room.window.ahead.months }
        : { why: status, product, days: products[product].window.ahead.days };
  }
}

/** The product a call-1 body chooses for a unit (products.ts), with its dates, or the problem that it chooses none. */
function choiceFor(unit: Unit, pricing: CheckoutRequest['pricing']): ProductChoice | Problem {
  const sold = productsFor(unit.service_type);
  if (sold.length === 0 || !isServiceType(unit.service_type)) return problem('not_sold_online', { name: unit.name });
  const product: Product | undefined = sold.find((p) => productRule(p).chosenBy.includes(pricing.rentalType));
  if (!product) {
    const wanted = [...new Set(sold.flatMap((p) => productRule(p).chosenBy))];
    // A mailbox is a subscription, not a rental of the unit.
    if (!sold.some((p) => productRule(p).rentsUnit)) return problem('subscription_only', { type: unit.service_type, rentalTypes: sold.map((p) => productRule(p).rentalType), wanted });
    return problem('wrong_rental_type', { name: unit.name, wanted });
  }
  const dates = pricing.dailyBookings ?? [];
  switch (productRule(product).dates) {
    case 'none':
      return { product } as ProductChoice;
    case 'one': {
      const [date] = dates;
      if (dates.length !== 1 || !date) return problem('one_date_required', { type: serviceTypeNames.en[unit.service_type].toLowerCase() });
      return { product, date } as ProductChoice;
    }
    case 'many':
      if (dates.length === 0) return problem('dates_required');
      return { product, dates } as ProductChoice;
  }
}

const isProblem = (value: ProductChoice | Problem): value is Problem => 'code' in value;

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
 * unit, its window and the server's own prices, holds what the product holds (orders.ts
 * placeOrder), and opens the provider's checkout for exactly the server's amounts.
 */
export async function startCheckout(ctx: AppContext, body: CheckoutRequest, client: CheckoutClient): Promise<CheckoutAnswer> {
  // A waitlist claim link (the body's waitlistOffer) is looked up once, whatever is refused after.
  const claimOffer = body.waitlistOffer === undefined ? undefined : await offerByToken(ctx.db, 'claim', body.waitlistOffer);
  const claimLinkFound = claimOffer !== undefined;
  const refused = (why: Problem): CheckoutAnswer => ({ kind: 'refused', problem: why, claimLinkFound });

  // SPEC §7: both are the site's own origin plus a path; anywhere else would make the checkout an open redirect.
  for (const field of ['successUrl', 'cancelUrl'] as const) {
    if (!isSiteUrl(body[field], client.siteOrigins)) return refused(problem('return_url_off_site', { field, origins: [...client.siteOrigins] }));
  }
  if (ctx.payments.kind === 'test' && !testCheckoutAllowed(ctx)) return refused(problem('payments_unavailable'));

  const unit = await findUnit(ctx.db, String(body.officeId));
  if (!unit) return refused(problem('no_such_unit', { id: String(body.officeId) }));
  const choice = choiceFor(unit, body.pricing);
  if (isProblem(choice)) return refused(choice);
  const rule = productRule(choice.product);

  const now = ctx.clock();
  const today = spaceToday(now);
  if (isBookingProduct(choice.product)) {
    const window = bookingWindow(choice.product, now);
    for (const date of body.pricing.dailyBookings ?? []) {
      if (!isIsoDate(date)) return refused(problem('not_a_date', { date }));
      const status = dayStatus(window, date);
      if (status !== 'available' && status !== 'booked') return refused(problem('date_not_bookable', { date, refusal: dateRefusal(status, choice.product) }));
    }
  }
  // Through a waitlist claim link: the unit is held for this person, who rents it as if it were on sale.
  let claim: { offerId: string } | null = null;
  if (body.waitlistOffer !== undefined) {
    // The server keeps a claim link's token as its hash only: the addresses it stores, and gives the provider, must not carry it.
    if (body.successUrl.includes(body.waitlistOffer) || body.cancelUrl.includes(body.waitlistOffer)) return refused(problem('return_url_carries_claim'));
    if (!claimOffer || claimOffer.office_id !== unit.id) return refused(problem('claim_link_not_for_unit'));
    if (!rule.rentsUnit) return refused(problem('claimed_by_renting', { name: unit.name }));
    claim = { offerId: claimOffer.id };
  }
  if (rule.needsAvailableUnit && !unit.is_available && !claim) return refused(problem('unit_unavailable', { name: unit.name }));

  const q = quote(claim ? { ...unit, is_available: true } : unit, choice, today);
  if (!q) return refused(problem('price_unavailable', { name: unit.name }));
  const mismatches = amountMismatches(body.pricing, q);
  if (mismatches.length > 0) {
    const ours = checkoutPricing(q);
    return refused(problem('prices_differ', { amounts: mismatches.map((amount) => ({ amount, ours: dollarsToCents(ours[amount]), sent: dollarsToCents(body.pricing[amount]) })) }));
  }
  if (body.pricing.totalDays !== q.totalDays) return refused(problem('day_count_differs', { sent: body.pricing.totalDays, chosen: q.totalDays }));

  const orderId = randomUUID();
  const sessionExpiresAt = new Date(now.getTime() + checkoutSessionMinutes * 60_000);
  const locale = body.locale ?? 'en';
  const placed = await placeOrder(ctx.db, {
    id: orderId,
    provider: ctx.payments.kind,
    unitId: unit.id,
    clientKey: clientKeyOf(client.limitKey),
    maxUnpaidHolds: ctx.config.maxUnpaidHoldsPerClient,
    unitName: unit.name,
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
    return { kind: 'refused', problem: problem('too_many_unpaid_holds', { holds: ctx.config.maxUnpaidHoldsPerClient, minutes }), retryAfterSeconds: placed.retryAfterSeconds, claimLinkFound };
  }
  // Retired by staff between reading the unit and placing the order: it is no longer on offer.
  if (placed.kind === 'retired') return refused(problem('no_such_unit', { id: String(body.officeId) }));
  if (placed.kind === 'offer_closed') return refused(problem('claim_ended', { name: unit.name }));
  if (placed.kind === 'already_booked') return refused(problem('already_booked', { name: unit.name, dates: q.dates }));

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
      saveCard: isBilledMonthly(choice.product),
    });
    await attachSession(ctx.db, orderId, session);
    return { kind: 'session', url: session.url, claimLinkFound };
  } catch (err) {
    logError('checkout.session_failed', err, { order: orderId });
    await failOrder(ctx.db, orderId);
    return refused(problem('payment_page_failed'));
  }
}

/** An address on one of the site's origins (no credentials in it): safe to send a visitor back to. */
export function isSiteUrl(url: string, origins: readonly string[]): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.username === '' && parsed.password === '' && origins.includes(parsed.origin);
}
