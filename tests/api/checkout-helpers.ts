import { expect } from 'vitest';
import { buildCheckout, type CheckoutRequest } from '../../src/shared/contract/checkout.ts';
import { officesResponse, type Office } from '../../src/shared/contract/offices.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import type { TestApp } from './test-app.ts';

export const origin = 'http://localhost:5173';

export async function inventory(t: TestApp): Promise<Office[]> {
  const res = await t.app.request('/public-api/offices/available');
  return officesResponse.parse(await res.json()).data!.offices;
}

export async function unitByCode(t: TestApp, officeId: string): Promise<Office> {
  const found = (await inventory(t)).find((o) => o.office_id === officeId);
  if (!found) throw new Error(`no ${officeId} in the demo inventory`);
  return found;
}

/** The call-1 body the PWA sends for a choice, built with the shared pricing. */
export async function checkoutBody(t: TestApp, officeId: string, choice: ProductChoice, locale?: 'en' | 'fr'): Promise<CheckoutRequest> {
  const unit = await unitByCode(t, officeId);
  const built = buildCheckout(unit, choice, { today: spaceToday(t.deps.clock()), origin, locale });
  if (!built) throw new Error(`no price for ${officeId}`);
  return built.request;
}

let ipCounter = 0;
/** Each call comes from its own address, so the checkout rate limit never interferes unless a test wants it. */
export function postCheckout(t: TestApp, body: unknown, ip = `198.51.100.${(ipCounter++ % 250) + 1}`): Promise<Response> {
  return Promise.resolve(
    t.app.request('/public-api/stripe/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export async function checkoutOk(t: TestApp, body: CheckoutRequest): Promise<{ checkoutUrl: string; sessionId: string }> {
  const res = await postCheckout(t, body);
  const json = (await res.json()) as { success: boolean; checkoutUrl?: string; error?: string };
  expect(json, JSON.stringify(json)).toMatchObject({ success: true });
  expect(res.status).toBe(200);
  const checkoutUrl = json.checkoutUrl!;
  const sessionId = checkoutUrl.split('/').pop()!;
  return { checkoutUrl, sessionId };
}

export async function booked(t: TestApp, officeId: string, startDate: string, endDate: string): Promise<string[]> {
  const res = await t.app.request(`/public-api/calendar/availability?officeId=${encodeURIComponent(officeId)}&startDate=${startDate}&endDate=${endDate}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { bookedDates: string[] }).bookedDates;
}

/** The buyer the test checkout's form is filled in with, unless a test says otherwise. */
export const testBuyer = { buyer_name: 'Camille Tremblay', buyer_email: 'camille@example.com', card_number: '4242 4242 4242 4242' };

/** Pay on the built-in test checkout page, as its form posts it (name and e-mail, then Pay). */
export async function payTestCheckout(t: Pick<TestApp, 'app'>, sessionId: string, buyer: Record<string, string> = testBuyer): Promise<Response> {
  return t.app.request(`/public-api/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: testBuyer.card_number, ...buyer }).toString(),
  });
}
