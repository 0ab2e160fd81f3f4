import { buildCheckout } from '../../src/shared/contract/checkout.ts';
import { officesResponse, type Office } from '../../src/shared/contract/offices.ts';
import type { IsoDate } from '../../src/shared/domain/time.ts';
import type { ServerProcess } from '../api/server-process.ts';

/*
 * Rentals bought the way a customer buys one, for the fleet's billing tests: a checkout of a
 * monthly product through the public API, paid on the built-in test checkout's page with a card
 * it keeps, so that each rental, its order, its saved card and its e-mail address are the rows
 * the product itself writes.
 */

/** The card the test checkout keeps and every later charge of which succeeds. */
export const succeedingCard = '4242424242424242';

export interface Renter {
  name: string;
  email: string;
  locale: 'en' | 'fr';
}

/** The units on sale now that a rental by the month ('standard') can be bought for. */
export async function unitsToRent(server: ServerProcess, today: IsoDate, origin: string): Promise<Office[]> {
  const res = await fetch(`${server.url}/public-api/offices/available`);
  if (res.status !== 200) throw new Error(`the unit list answered ${res.status}`);
  const offices = officesResponse.parse(await res.json()).data!.offices;
  return offices.filter((unit) => unit.is_available && buildCheckout(unit, { product: 'standard' }, { today, origin }) !== null);
}

/**
 * Rents `unit` by the month for `renter` through `server`: the checkout (from `ip`, so the
 * checkout's per-address limits never meet), then Pay on the test checkout's page. Returns the
 * checkout session's id, which names the order.
 */
export async function rentThroughCheckout(server: ServerProcess, unit: Office, renter: Renter, options: { today: IsoDate; origin: string; ip: string }): Promise<string> {
  const built = buildCheckout(unit, { product: 'standard' }, { today: options.today, origin: options.origin, locale: renter.locale });
  if (!built) throw new Error(`${unit.office_id} has no monthly price`);
  const created = await fetch(`${server.url}/public-api/stripe/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': options.ip },
    body: JSON.stringify(built.request),
  });
  const body = (await created.json()) as { checkoutUrl?: string; error?: string };
  if (created.status !== 200 || !body.checkoutUrl) throw new Error(`the checkout of ${unit.office_id} answered ${created.status}: ${JSON.stringify(body)}`);
  const sessionId = body.checkoutUrl.split('/').pop()!;
  const paid = await fetch(`${server.url}/public-api/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ buyer_name: renter.name, buyer_email: renter.email, card_number: succeedingCard }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`paying the checkout of ${unit.office_id} answered ${paid.status}`);
  return sessionId;
}
