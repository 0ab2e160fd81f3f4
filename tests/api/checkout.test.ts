import { defaultRateLimits } from '../../src/server/deps.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckout, checkoutResponse, type CheckoutRequest } from '../../src/shared/contract/checkout.ts';
import { orderResponse, receiptPath } from '../../src/shared/contract/orders.ts';
import { pdfText } from './lease-fixtures.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { backend, buildTestApp, testNow, type TestApp } from './test-app.ts';
import { booked, checkoutBody, checkoutOk, origin, postCheckout, unitByCode, payTestCheckout } from './checkout-helpers.ts';

const orderCount = async (t: TestApp) => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe(`checkout of each product with the test checkout (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A second available office, so a daily booking and a rental can both be shown succeeding.
    await t.db
      .insertInto('offices')
      .values({ office_id: 'OFF-901', service_code: 'DO-901', name: 'Office 901 - Loft', service_type: 'dedicated_office', location_code: 'F9-901', seating_capacity: 2, base_monthly_rate: '1000.00', is_available: true })
      .execute();
  });
  afterAll(() => t.close());

  // Monday 2026-11-23 in Montréal: 8 of 30 days left in November. [label, unit, choice, before tax, charged with GST and QST, hold, holds]
  it.each<[string, string, ProductChoice, number, number, 'rental' | 'day' | null, number]>([
    ['an office, month to month', 'OFF-101', { product: 'office_monthly' }, 222_600, 255_934, 'rental', 1],
    ['an office, 12-month lease', 'OFF-102', { product: 'office_lease' }, 202_160, 232_433, 'rental', 1],
    ['an office by the day', 'OFF-901', { product: 'office_daily', dates: ['2026-11-24', '2026-11-26', '2026-12-07'] }, 30_000, 34_493, 'day', 3],
    ['a desk', 'DSK-01', { product: 'standard' }, 62_000, 71_285, 'rental', 1],
    ['a hot desk', 'HOT-01', { product: 'standard' }, 36_667, 42_158, 'rental', 1],
    ['a parking spot', 'PRK-01', { product: 'standard' }, 24_000, 27_594, 'rental', 1],
    ['a conference room', 'CONF-A', { product: 'conference_room', date: '2026-11-24' }, 35_000, 40_241, 'day', 1],
    ['a day pass', 'DAYPASS', { product: 'day_pass', date: '2026-11-23' }, 3_500, 4_024, null, 0],
    ['a mailbox', 'MAILBOX-SCAN', { product: 'mailbox' }, 5_900, 6_784, null, 0],
  ])('%s: the server charges its own amounts and holds what it sells', async (_label, officeId, choice, totalCents, chargedCents, holdKind, holds) => {
    const unit = await unitByCode(t, officeId);
    const built = buildCheckout(unit, choice, { today: '2026-11-23', origin })!;
    expect(Math.round(built.request.pricing.totalDueToday * 100)).toBe(totalCents);
    const { checkoutUrl, sessionId } = await checkoutOk(t, built.request);
    expect(checkoutUrl).toMatch(/^http:\/\/localhost\/public-api\/test-checkout\/test_cs_[0-9a-f]{32}$/);

    const order = await t.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'pending', total_cents: chargedCents, provider: 'test', product: choice.product });
    const reservations = await t.db.selectFrom('reservations').select(['kind', 'status']).where('order_id', '=', order.id).execute();
    expect(reservations).toHaveLength(holds);
    for (const r of reservations) expect(r).toEqual({ kind: holdKind, status: 'held' });

    const lookup = await t.app.request(`/public-api/orders/${sessionId}`);
    expect(lookup.status).toBe(200);
    expect(lookup.headers.get('cache-control')).toBe('no-store');
    const answer = orderResponse.parse(await lookup.json());
    expect(answer.status).toBe('pending');
    expect(answer.checkoutDetails).toEqual(built.checkoutDetails);
  });

  it('sells day passes and mailboxes to as many visitors as ask', async () => {
    for (let i = 0; i < 3; i++) {
      await checkoutOk(t, await checkoutBody(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-24' }));
      await checkoutOk(t, await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' }));
    }
  });

  it("answers 409 'already booked' for a held date, a held unit, or days inside a held rental", async () => {
    const cases: [string, ProductChoice, string][] = [
      ['CONF-A', { product: 'conference_room', date: '2026-11-24' }, 'Conference Room Saint-Laurent is already booked on 2026-11-24. Please choose another date.'],
      ['OFF-901', { product: 'office_daily', dates: ['2026-11-25', '2026-11-26'] }, 'Office 901 - Loft is already booked on 2026-11-25, 2026-11-26. Please choose another date.'],
      ['OFF-901', { product: 'office_monthly' }, 'Office 901 - Loft is already booked. Please choose another space.'],
      ['OFF-101', { product: 'office_daily', dates: ['2026-12-01'] }, 'Office 101 - Window is already booked on 2026-12-01. Please choose another date.'],
      ['DSK-01', { product: 'standard' }, 'Desk A1 is already booked. Please choose another space.'],
    ];
    for (const [officeId, choice, error] of cases) {
      const before = await orderCount(t);
      const res = await postCheckout(t, await checkoutBody(t, officeId, choice));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error });
      expect(await orderCount(t)).toBe(before);
    }
  });

  it('reports the held dates of a room for the shown month (call 2), by office_id or service_code', async () => {
    expect(await booked(t, 'CONF-A', '2026-11-01', '2026-11-30')).toEqual(['2026-11-24']);
    expect(await booked(t, 'CR-A', '2026-11-01', '2026-11-30')).toEqual(['2026-11-24']);
    expect(await booked(t, 'CONF-A', '2026-12-01', '2026-12-31')).toEqual([]);
    expect(await booked(t, 'CONF-B', '2026-11-01', '2026-11-30')).toEqual([]);
    expect(await booked(t, 'OFF-901', '2026-12-01', '2026-12-31')).toEqual(['2026-12-07']);
    // A rental takes every day from its start.
    const rented = await booked(t, 'OFF-101', '2026-11-01', '2026-11-30');
    expect(rented).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
  });
});

describe(`checkout refusals (${backend})`, () => {
  let t: TestApp;
  let conference: CheckoutRequest;
  beforeAll(async () => {
    t = await buildTestApp();
    conference = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-11-25' });
  });
  afterAll(() => t.close());

  const withPricing = (body: CheckoutRequest, change: Partial<CheckoutRequest['pricing']>): CheckoutRequest => ({ ...body, pricing: { ...body.pricing, ...change } });

  it('refuses tampered amounts with 409 and a clear error, writing nothing', async () => {
    const monthly = await checkoutBody(t, 'OFF-101', { product: 'office_monthly' });
    const cases: [CheckoutRequest, string][] = [
      [withPricing(conference, { totalDueToday: 1, dailyRate: 1 }), 'The prices sent do not match our prices (total due today is $220.00, not $1.00; daily rate is $220.00, not $1.00). Please reload the page and try again.'],
      [withPricing(monthly, { keyFee: 0, totalDueToday: monthly.pricing.totalDueToday - 50 }), 'The prices sent do not match our prices (key fee is $50.00, not $0.00; total due today is $2,226.00, not $2,176.00). Please reload the page and try again.'],
      [withPricing(monthly, { monthlyRate: 1200 }), 'The prices sent do not match our prices (monthly rate is $960.00, not $1,200.00). Please reload the page and try again.'],
      [withPricing(monthly, { totalDueToday: monthly.pricing.totalDueToday - 0.02 }), 'The prices sent do not match our prices (total due today is $2,226.00, not $2,225.98). Please reload the page and try again.'],
    ];
    for (const [body, error] of cases) {
      const res = await postCheckout(t, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error });
    }
    expect(await orderCount(t)).toBe(0);
  });

  it('accepts a client amount within a cent of the server', async () => {
    const res = await postCheckout(t, withPricing(conference, { totalDueToday: 219.99 }));
    expect(res.status).toBe(200);
    expect(checkoutResponse.parse(await res.json()).success).toBe(true);
  });

  it.each<[string, (c: CheckoutRequest) => unknown, number, string | RegExp]>([
    ['a body that is not JSON', () => '{"officeId":', 400, 'The request body is not valid JSON'],
    ['a body without pricing', (c) => ({ ...c, pricing: undefined }), 400, /^Invalid checkout request: pricing/],
    ['a negative amount', (c) => withPricing(c, { keyFee: -50 }), 400, /^Invalid checkout request: pricing\.keyFee/],
    ['a javascript: success URL', (c) => ({ ...c, successUrl: 'javascript:alert(1)' }), 400, /^Invalid checkout request: successUrl/],
    ['a date that is not a date', (c) => withPricing(c, { dailyBookings: ['2026-11-31'] }), 400, 'Not a date: 2026-11-31'],
    ['an unknown office', (c) => ({ ...c, officeId: 'NOPE-1' }), 404, 'No such office or service: NOPE-1'],
    ['a conference room on a Saturday', (c) => withPricing(c, { dailyBookings: ['2026-11-28'] }), 422, '2026-11-28 cannot be booked: Weekends not available'],
    ['a conference room in the past', (c) => withPricing(c, { dailyBookings: ['2026-11-20'] }), 422, '2026-11-20 cannot be booked: the date has passed'],
    ['a conference room beyond 3 months', (c) => withPricing(c, { dailyBookings: ['2027-02-24'] }), 422, '2027-02-24 cannot be booked: conference rooms are booked at most 3 months ahead'],
    ['a conference room for two dates', (c) => withPricing(c, { dailyBookings: ['2026-11-25', '2026-11-26'], totalDays: 2 }), 422, 'A conference room is booked for exactly one date (pricing.dailyBookings)'],
    ['a day count that does not match the dates', (c) => withPricing(c, { totalDays: 3 }), 409, /^The number of days sent \(3\)/],
  ])('refuses %s', async (_label, make, status, error) => {
    const res = await postCheckout(t, make(conference));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    if (typeof error === 'string') expect(body.error).toBe(error);
    else expect(body.error).toMatch(error);
  });

  it.each<[string, string, ProductChoice, number, string]>([
    ['an office more than 14 days ahead', 'OFF-101', { product: 'office_daily', dates: ['2026-12-08'] }, 422, '2026-12-08 cannot be booked: offices are booked by the day at most 14 days ahead'],
    ['a day pass more than 30 days ahead', 'DAYPASS', { product: 'day_pass', date: '2026-12-24' }, 422, '2026-12-24 cannot be booked: day passes are sold at most 30 days ahead'],
    ['an occupied office', 'OFF-103', { product: 'standard' }, 409, 'Office 103 - Corner is no longer available. Join the waitlist to hear when it is.'],
    ['an office without a price', 'OFF-301', { product: 'standard' }, 422, 'Unable to proceed - pricing information unavailable for Office 301 - Executive Suite'],
  ])('refuses %s', async (_label, officeId, choice, status, error) => {
    const unit = await unitByCode(t, officeId);
    // Built by hand: the shared builder (rightly) gives no body for these.
    const body = buildCheckout({ ...unit, is_available: true, base_monthly_rate: unit.base_monthly_rate ?? '100.00' }, choice, { today: '2026-11-23', origin })!.request;
    const res = await postCheckout(t, body);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ success: false, error });
  });

  it('refuses a product that does not fit the unit', async () => {
    const desk = await checkoutBody(t, 'DSK-02', { product: 'standard' });
    const res = await postCheckout(t, withPricing(desk, { rentalType: 'lease' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ success: false, error: 'Desk A2 is rented with pricing.rentalType "standard"' });
  });

  it('refuses a mailbox subscription sent as another rentalType', async () => {
    const mailbox = await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' });
    const res = await postCheckout(t, withPricing(mailbox, { rentalType: 'standard' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ success: false, error: 'A mailbox is subscribed to monthly (pricing.rentalType "monthly")' });
  });

  it.each([
    ['', 400],
    ['?officeId=CONF-A&startDate=2026-11-01', 400],
    ['?officeId=CONF-A&startDate=nope&endDate=2026-11-30', 400],
    ['?officeId=CONF-A&startDate=2026-02-01&endDate=2026-02-30', 400],
    ['?officeId=CONF-A&startDate=2026-11-30&endDate=2026-11-01', 400],
    ['?officeId=CONF-A&startDate=2026-01-01&endDate=2026-12-31', 400],
    ['?officeId=NOPE&startDate=2026-11-01&endDate=2026-11-30', 404],
  ])('refuses the availability query %j with a JSON error', async (query, status) => {
    const res = await t.app.request(`/public-api/calendar/availability${query}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('answers 404 for an unknown order and 400 for a malformed session id', async () => {
    expect((await t.app.request('/public-api/orders/test_cs_00000000000000000000000000000000')).status).toBe(404);
    expect((await t.app.request('/public-api/orders/bad%20id')).status).toBe(400);
  });
});

describe(`the test checkout page (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('shows the order in test mode, with Pay and Cancel forms and no script', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-26' }));
    const res = await t.app.request(`/public-api/test-checkout/${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('TEST MODE');
    expect(page).toContain('Conference Room Saint-Laurent');
    expect(page).toContain('November 26, 2026');
    // $350.00 + GST $17.50 + QST $34.91: the button names what the card is charged.
    expect(page).toContain('Pay $402.41 CAD');
    expect(page).toMatch(/<td>Subtotal<\/td><td class="amount">\$350\.00<\/td>/);
    expect(page).toMatch(/<td>GST \(5%\), no\. 723456789 RT0001<\/td><td class="amount">\$17\.50<\/td>/);
    expect(page).toMatch(/<td>QST \(9\.975%\), no\. 1223456789 TQ0001<\/td><td class="amount">\$34\.91<\/td>/);
    expect(page).toContain(`<form method="post" action="/public-api/test-checkout/${sessionId}/pay" id="pay" novalidate>`);
    expect(page).toContain(`<form method="post" action="/public-api/test-checkout/${sessionId}/cancel">`);
    // The receipt needs the buyer: a name and an e-mail, each with its label.
    expect(page).toMatch(/<label for="buyer_name">Name<\/label>\s*<input id="buyer_name" name="buyer_name" type="text" autocomplete="name" required/);
    expect(page).toMatch(/<label for="buyer_email">E-mail<\/label>\s*<input id="buyer_email" name="buyer_email" type="email" autocomplete="email" required/);
    expect(page).not.toContain('<script');
    expect(page).not.toMatch(/style="/);
    // The stylesheet the page links to is served.
    const stylesheet = page.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    expect(stylesheet).toBe('/public-api/test-checkout.css');
    const css = await t.app.request(stylesheet!);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toContain('button.pay');
  });

  it('Pay turns the hold into a booking, once, and lands on the success page with the session id', async () => {
    const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-27' });
    const { sessionId } = await checkoutOk(t, body);
    for (let i = 0; i < 2; i++) {
      const res = await payTestCheckout(t, sessionId);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${origin}/checkout-success?session_id=${sessionId}`);
    }
    const order = await t.db.selectFrom('orders').select(['id', 'status']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(await t.db.selectFrom('reservations').select(['status', 'expires_at']).where('order_id', '=', order.id).execute()).toEqual([{ status: 'booked', expires_at: null }]);
    expect(orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).status).toBe('paid');
    expect(await booked(t, 'CONF-A', '2026-11-01', '2026-11-30')).toContain('2026-11-27');
    const page = await t.app.request(`/public-api/test-checkout/${sessionId}`);
    expect(page.status).toBe(410);
  });

  it('Pay for a rental takes the unit off the list of available units', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'PRK-01', { product: 'standard' }));
    expect((await unitByCode(t, 'PRK-01')).is_available).toBe(true);
    await payTestCheckout(t, sessionId);
    expect((await unitByCode(t, 'PRK-01')).is_available).toBe(false);
  });

  it('Cancel releases the hold and goes back to the cancel anchor; the date can be sold again', async () => {
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-11-30' });
    const { sessionId } = await checkoutOk(t, body);
    expect(await booked(t, 'CONF-B', '2026-11-01', '2026-11-30')).toEqual(['2026-11-30']);
    const res = await t.app.request(`/public-api/test-checkout/${sessionId}/cancel`, { method: 'POST' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${origin}/#conference`);
    expect((await t.db.selectFrom('orders').select('status').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect(await booked(t, 'CONF-B', '2026-11-01', '2026-11-30')).toEqual([]);
    const pay = await payTestCheckout(t, sessionId);
    expect(pay.status).toBe(410);
    await checkoutOk(t, body);
  });

  it('speaks French when the visitor does', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'MAILBOX-PREMIUM', { product: 'mailbox' }, 'fr'));
    const page = await (await t.app.request(`/public-api/test-checkout/${sessionId}`)).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('MODE TEST');
    // $99.00 + TPS $4.95 + TVQ $9.88.
    expect(page).toMatch(/Payer 113,83\s\$ CAD/);
    expect(page).toContain('<label for="buyer_name">Nom</label>');
    expect(page).toContain('<label for="buyer_email">Courriel</label>');
    expect(page).toMatch(/TVQ \(9,975 %\), no 1223456789 TQ0001/);
  });

  it.each([
    ['no name and no e-mail', {}, ['name', 'email']],
    ['a blank name', { buyer_name: '   ', buyer_email: 'camille@example.com' }, ['name']],
    ['an e-mail that is not one', { buyer_name: 'Camille', buyer_email: 'camille@' }, ['email']],
    ['a name with a control character', { buyer_name: 'Camille\u0007', buyer_email: 'camille@example.com' }, ['name']],
    ['a name of 201 characters', { buyer_name: 'x'.repeat(201), buyer_email: 'camille@example.com' }, ['name']],
  ] as const)('Pay with %s shows the form again with what to fix, keeps what was typed, and charges nothing', async (_label, form, problems) => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-24' }));
    const res = await payTestCheckout(t, sessionId, form);
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain('role="alert"');
    expect(page.includes('Enter your name (up to 200 characters).')).toBe((problems as readonly string[]).includes('name'));
    expect(page.includes('Enter a valid e-mail address, such as name@example.com.')).toBe((problems as readonly string[]).includes('email'));
    for (const p of problems) expect(page).toContain(`id="buyer_${p}" name="buyer_${p}"`);
    if ('buyer_email' in form && form.buyer_email) expect(page).toContain(`value="${form.buyer_email}"`);
    expect((await t.db.selectFrom('orders').select('status').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('pending');
  });

  it('Pay stores who paid, trimmed, and gives the order its receipt number', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-25' }));
    expect((await payTestCheckout(t, sessionId, { buyer_name: '  Jean-Luc Côté ', buyer_email: ' jl@example.ca ' })).status).toBe(303);
    const order = await t.db.selectFrom('orders').select(['buyer_name', 'buyer_email', 'receipt_number']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order).toEqual({ buyer_name: 'Jean-Luc Côté', buyer_email: 'jl@example.ca', receipt_number: expect.stringMatching(/^2026-\d{6}$/) });
  });

  it('a paid order’s receipt downloads by its session: numbered, French first, the buyer, each line, GST and QST with their numbers, the total charged', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-01' }));
    const early = await t.app.request(receiptPath(sessionId));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ success: false, error: 'This order has no receipt yet: it is not paid. Reload the page in a moment.' });
    expect((await payTestCheckout(t, sessionId, { buyer_name: 'Camille Tremblay', buyer_email: 'camille@example.com' })).status).toBe(303);

    const lookup = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json());
    expect(lookup.receiptNumber).toMatch(/^2026-\d{6}$/);
    const res = await t.app.request(receiptPath(sessionId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-recu-${lookup.receiptNumber}.pdf"`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [lookup.receiptNumber!, 'Camille Tremblay', 'camille@example.com', 'Meeting Room Mont-Royal', '723456789 RT0001', '1223456789 TQ0001', '220,00', '11,00', '21,95', '252,95']) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('Reçu')).toBeLessThan(text.indexOf('Receipt'));
    expect((await t.app.request(receiptPath('test_cs_00000000000000000000000000000000'))).status).toBe(404);
    expect((await t.app.request('/public-api/orders/bad%20id/receipt.pdf')).status).toBe(400);
  });

  it('numbers receipts in order of payment, without gaps, even when payments race', async () => {
    const sessions = [];
    for (const date of ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']) sessions.push((await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date }))).sessionId);
    await Promise.all(sessions.map((id) => payTestCheckout(t, id)));
    const numbers = (await t.db.selectFrom('orders').select('receipt_number').where('receipt_number', 'is not', null).execute()).map((o) => Number(o.receipt_number!.slice(5))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('answers an unknown session with 404', async () => {
    expect((await t.app.request('/public-api/test-checkout/test_cs_unknown')).status).toBe(404);
    expect((await t.app.request('/public-api/test-checkout/test_cs_unknown/pay', { method: 'POST' })).status).toBe(404);
  });

  it('answers a session id that cannot be one with its "No such checkout." page, on every path under it', async () => {
    for (const [method, path] of [
      ['GET', '/public-api/test-checkout/not-a-session'],
      ['POST', '/public-api/test-checkout/not-a-session/pay'],
      ['POST', '/public-api/test-checkout/not-a-session/cancel'],
      ['GET', '/public-api/test-checkout/not-a-session/other'],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('No such checkout.');
    }
  });
});

describe(`holds expire with the checkout session (${backend})`, () => {
  let t: TestApp;
  let now = testNow;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  it('frees the date once the session and its grace are over, and the stale page refuses to pay', async () => {
    const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-24' });
    const first = await checkoutOk(t, body);
    now = new Date(testNow.getTime() + 35 * 60_000);
    expect(await booked(t, 'CONF-A', '2026-11-01', '2026-11-30')).toEqual(['2026-11-24']);
    expect((await postCheckout(t, body)).status).toBe(409);
    now = new Date(testNow.getTime() + 36 * 60_000 + 1);
    expect(await booked(t, 'CONF-A', '2026-11-01', '2026-11-30')).toEqual([]);
    await checkoutOk(t, body);
    expect((await t.db.selectFrom('orders').select('status').where('session_id', '=', first.sessionId).executeTakeFirstOrThrow()).status).toBe('expired');
    expect((await payTestCheckout(t, first.sessionId)).status).toBe(410);
  });
});

describe(`the test checkout in production (${backend})`, () => {
  it('is refused unless ALLOW_TEST_CHECKOUT is set', async () => {
    const t = await buildTestApp({ config: { production: true } });
    try {
      const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-24' });
      const res = await postCheckout(t, body);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ success: false, error: 'Card payments are not available right now. Please contact us to book.' });
      expect((await t.app.request('/public-api/test-checkout.css')).status).toBe(404);
      t.deps.config.allowTestCheckout = true;
      await checkoutOk(t, body);
    } finally {
      await t.close();
    }
  });
});

describe(`checkout rate limit (${backend})`, () => {
  it('answers 429 with Retry-After past config.rateLimits.checkout', async () => {
    const t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 1000, windowMs: 60_000 }, checkout: { max: 2, windowMs: 60_000 } } } });
    try {
      const body = await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' });
      expect((await postCheckout(t, body, '203.0.113.9')).status).toBe(200);
      expect((await postCheckout(t, body, '203.0.113.9')).status).toBe(200);
      const limited = await postCheckout(t, body, '203.0.113.9');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await postCheckout(t, body, '203.0.113.10')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
