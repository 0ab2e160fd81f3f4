import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import { stripeProvider } from '../../src/server/payments/stripe.ts';
import { sql } from 'kysely';
import { taxedTotal, type ProductChoice, type Quote } from '../../src/shared/domain/pricing.ts';
import { backend, buildTestApp, testNow, type TestApp } from './test-app.ts';
import { booked, checkoutBody, checkoutOk, origin, postCheckout } from './checkout-helpers.ts';

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

/** A local stand-in for api.stripe.com that records what the real SDK sends. */
async function startStandIn(): Promise<{ server: Server; port: number; requests: Recorded[]; failNext: { count: number } }> {
  const requests: Recorded[] = [];
  const failNext = { count: 0 };
  let sessions = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form: new URLSearchParams(raw) });
      res.setHeader('content-type', 'application/json');
      if (failNext.count > 0) {
        failNext.count -= 1;
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in outage' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const form = new URLSearchParams(raw);
        res.end(JSON.stringify({ id: `re_standin_${requests.length}`, object: 'refund', status: 'succeeded', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent') }));
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/')) {
        const id = req.url.split('/').pop()!.split('?')[0]!;
        res.end(JSON.stringify({ id, object: 'checkout.session', payment_status: 'paid', status: 'complete', payment_intent: `pi_of_${id}` }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_standin_${sessions}`;
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}`, payment_status: 'unpaid', status: 'open' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'no such route' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests, failNext };
}

const webhookSecret = 'whsec_test_standin_secret';
const signer = new Stripe('sk_test_signer_only');

function sessionEvent(id: string, type: string, sessionId: string, paymentStatus = 'paid', paymentIntent: string | null = null) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(testNow.getTime() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        payment_intent: paymentIntent,
        customer_details: { email: 'camille@example.com', name: 'Camille Tremblay', individual_name: 'Camille Tremblay' },
      },
    },
  });
}

function postWebhook(t: TestApp, payload: string, signature: string | null) {
  return t.app.request('/public-api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

const signed = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });

describe(`Stripe Checkout through the official SDK (${backend})`, () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let now = testNow;
  beforeAll(async () => {
    standIn = await startStandIn();
    const payments = stripeProvider({ secretKey: 'sk_test_standin', webhookSecret, api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' } });
    t = await buildTestApp({ deps: { payments, clock: () => now } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  const orderOf = (sessionId: string) => t.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();

  it("sends the server's amounts in CAD, our ids only, an idempotency key per hold, and French for a French visitor", async () => {
    const body = await checkoutBody(t, 'OFF-101', { product: 'office_monthly' }, 'fr');
    const res = await postCheckout(t, body);
    expect(await res.json()).toEqual({ success: true, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_standin_1' });
    expect(standIn.requests).toHaveLength(1);
    const sent = standIn.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_standin');
    const f = sent.form;
    expect(f.get('mode')).toBe('payment');
    expect(f.get('locale')).toBe('fr');
    const amounts: number[] = [];
    const names: string[] = [];
    for (let i = 0; f.has(`line_items[${i}][quantity]`); i++) {
      expect(f.get(`line_items[${i}][price_data][currency]`)).toBe('cad');
      expect(f.get(`line_items[${i}][quantity]`)).toBe('1');
      names.push(f.get(`line_items[${i}][price_data][product_data][name]`) ?? '');
      amounts.push(Number(f.get(`line_items[${i}][price_data][unit_amount]`)));
    }
    // 8 of 30 days of $960, then the last month, the key fee and the setup fee; then GST and QST on $2,226.00.
    expect(amounts).toEqual([25_600, 96_000, 5_000, 96_000, 11_130, 22_204]);
    expect(names.slice(0, 4).every((n) => n.startsWith('Office 101 - Window : '))).toBe(true);
    expect(names[0]).toBe('Office 101 - Window : premier mois, au prorata (8 jours sur 30)');
    expect(names.slice(4)).toEqual(['TPS (5 %), no 723456789 RT0001', 'TVQ (9,975 %), no 1223456789 TQ0001']);
    // The receipt names the buyer: Stripe collects the name as well as the e-mail.
    expect(f.get('name_collection[individual][enabled]')).toBe('true');
    expect(f.get('name_collection[individual][optional]')).toBe('false');

    const order = await orderOf('cs_test_standin_1');
    expect(order.total_cents).toBe(255_934);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(order.total_cents);
    expect(sent.headers['idempotency-key']).toBe(`checkout-hold-${order.id}`);
    const metadata = [...f.keys()].filter((k) => k.startsWith('metadata['));
    expect(metadata.sort()).toEqual(['metadata[office_id]', 'metadata[order_id]']);
    expect(f.get('metadata[order_id]')).toBe(order.id);
    expect(f.get('metadata[office_id]')).toBe('OFF-101');
    expect(f.get('payment_intent_data[metadata][order_id]')).toBe(order.id);
    expect(f.get('client_reference_id')).toBe(order.id);
    expect(f.get('success_url')).toBe(`${origin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(f.get('cancel_url')).toBe(`${origin}/#office-OFF-101`);
    expect(Number(f.get('expires_at'))).toBe(Math.floor(testNow.getTime() / 1000) + 31 * 60);
  });

  it('retries a failed request with the same idempotency key, so Stripe makes one session', async () => {
    standIn.failNext.count = 1;
    const { sessionId } = await (async () => {
      const res = await postCheckout(t, await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' }));
      const json = (await res.json()) as { checkoutUrl: string };
      return { sessionId: json.checkoutUrl.split('/').pop()! };
    })();
    expect(standIn.requests).toHaveLength(2);
    const [first, second] = standIn.requests;
    expect(first!.headers['idempotency-key']).toBeTruthy();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(first!.form.get('line_items[0][price_data][unit_amount]')).toBe('3900');
    expect(first!.form.get('locale')).toBe('en');
    expect((await orderOf(sessionId)).status).toBe('pending');
  });

  it('answers 502 and frees the date when Stripe cannot be reached', async () => {
    standIn.failNext.count = 10;
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-01' });
    const res = await postCheckout(t, body);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, error: 'The payment page could not be opened. Please try again in a moment.' });
    standIn.failNext.count = 0;
    expect(await booked(t, 'CONF-B', '2026-12-01', '2026-12-31')).toEqual([]);
  });

  it('refuses a webhook with a bad or missing signature and writes nothing', async () => {
    const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-24' });
    const { sessionId } = await checkoutOk(t, body);
    const payload = sessionEvent('evt_forged', 'checkout.session.completed', sessionId);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const attempts: [string, string | null][] = [
      [payload, forged],
      [payload, null],
      [payload, 't=1,v1=deadbeef'],
      // Signed as sent by Stripe, then changed on the way.
      [payload.replace('"paid"', '"no_payment_required"'), signed(payload)],
    ];
    for (const [body, signature] of attempts) {
      const res = await postWebhook(t, body, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/^Webhook refused: /) });
    }
    expect(await t.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    const order = await orderOf(sessionId);
    expect(order.status).toBe('pending');
    expect(await t.db.selectFrom('reservations').select('status').where('order_id', '=', order.id).execute()).toEqual([{ status: 'held' }]);
  });

  it('applies the same completed event five times as one booking', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-30' }));
    const payload = sessionEvent('evt_completed_1', 'checkout.session.completed', sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(t, payload, signed(payload))));
    for (const a of answers) expect(a.status).toBe(200);
    const order = await orderOf(sessionId);
    expect(order.status).toBe('paid');
    expect(await t.db.selectFrom('reservations').select('status').where('order_id', '=', order.id).execute()).toEqual([{ status: 'booked' }]);
    expect(await t.db.selectFrom('payment_events').select(['id', 'session_id']).where('id', '=', 'evt_completed_1').execute()).toEqual([{ id: 'evt_completed_1', session_id: sessionId }]);
    const again = await postWebhook(t, payload, signed(payload));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const bookings = await t.db.selectFrom('reservations').select('id').where('status', '=', 'booked').execute();
    expect(bookings).toHaveLength(1);
    // Who paid comes from Stripe's customer_details; the receipt is numbered once, and one confirmation and one staff notice wait in the outbox.
    expect(await orderOf(sessionId)).toMatchObject({ buyer_name: 'Camille Tremblay', buyer_email: 'camille@example.com', receipt_number: expect.stringMatching(/^2026-\d{6}$/) });
    const messages = await t.db.selectFrom('outbox').select(['kind', 'recipient']).where(sql<boolean>`subject_ids->>'orderId' = ${(await orderOf(sessionId)).id}`).orderBy('kind').execute();
    expect(messages).toEqual([
      { kind: 'order_paid', recipient: 'camille@example.com' },
      { kind: 'staff_order_paid', recipient: 'operations@espacecowork.ca' },
    ]);
  });

  it.each<[string, string, ProductChoice]>([
    ['an office, 12-month lease', 'OFF-102', { product: 'office_lease' }],
    ['an office by the day, whose taxes rounded per day would be a cent short', 'OFF-HALF', { product: 'office_daily', dates: ['2026-11-24', '2026-11-25', '2026-11-26'] }],
    ['a desk', 'DSK-02', { product: 'standard' }],
    ['a hot desk', 'HOT-01', { product: 'standard' }],
    ['a parking spot', 'PRK-01', { product: 'standard' }],
    ['a conference room', 'CONF-A', { product: 'conference_room', date: '2027-01-12' }],
    ['a day pass', 'DAYPASS', { product: 'day_pass', date: '2026-11-24' }],
    ['a mailbox', 'MAILBOX-SCAN', { product: 'mailbox' }],
  ])('asks Stripe for exactly the receipt’s total, GST and QST as their own lines: %s', async (_label, officeId, choice) => {
    if (officeId === 'OFF-HALF') {
      // $123,45 a day: each day's GST is $6.1725 and QST $12.3141, so three days rounded one by one make $18.51 and $36.93;
      // rounded once on the order they are $18.52 and $36.94.
      await t.db
        .insertInto('offices')
        .values({ office_id: 'OFF-HALF', service_code: 'DO-HALF', name: 'Office 950', service_type: 'dedicated_office', location_code: 'F9-950', seating_capacity: 2, base_monthly_rate: '1234.50', is_available: true })
        .onConflict((oc) => oc.doNothing())
        .execute();
      t.ctx.unitList.invalidate();
    }
    const unit = await t.db.selectFrom('offices').select('id').where('office_id', '=', officeId).executeTakeFirst();
    if (!unit) throw new Error(`no unit ${officeId} in the demo inventory`);
    const res = await postCheckout(t, await checkoutBody(t, officeId, choice));
    const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
    const sent = standIn.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    const lines: { name: string; cents: number }[] = [];
    for (let i = 0; sent.form.has(`line_items[${i}][quantity]`); i++) {
      lines.push({ name: sent.form.get(`line_items[${i}][price_data][product_data][name]`)!, cents: Number(sent.form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(sent.form.get(`line_items[${i}][quantity]`)) });
    }
    const order = await orderOf(checkoutUrl.split('/').pop()!);
    const q = order.quote as Quote;
    expect(lines.reduce((sum, l) => sum + l.cents, 0)).toBe(order.total_cents);
    expect(order.total_cents).toBe(q.subtotal + q.gst + q.qst);
    expect(lines.filter((l) => l.name.startsWith('GST')).map((l) => l.cents)).toEqual([q.gst]);
    expect(lines.filter((l) => l.name.startsWith('QST')).map((l) => l.cents)).toEqual([q.qst]);
    expect(q.gst).toBe(taxedTotal(q.lines).gst);
    if (officeId === 'OFF-HALF') expect([q.subtotal, q.gst, q.qst, order.total_cents]).toEqual([37_035, 1_852, 3_694, 42_581]);
  });

  it('an expired session releases its hold and the date can be sold again', async () => {
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-02' });
    const { sessionId } = await checkoutOk(t, body);
    expect(await booked(t, 'CONF-B', '2026-12-01', '2026-12-31')).toEqual(['2026-12-02']);
    expect((await postCheckout(t, body)).status).toBe(409);
    const payload = sessionEvent('evt_expired_1', 'checkout.session.expired', sessionId, 'unpaid');
    expect((await postWebhook(t, payload, signed(payload))).status).toBe(200);
    expect((await orderOf(sessionId)).status).toBe('expired');
    expect(await booked(t, 'CONF-B', '2026-12-01', '2026-12-31')).toEqual([]);
    await checkoutOk(t, body);
  });

  it('leaves an unpaid completion and unrelated events alone, acknowledging them', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-B', { product: 'conference_room', date: '2026-12-03' }));
    const unpaid = sessionEvent('evt_unpaid', 'checkout.session.completed', sessionId, 'unpaid');
    expect((await postWebhook(t, unpaid, signed(unpaid))).status).toBe(200);
    expect((await orderOf(sessionId)).status).toBe('pending');
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect((await postWebhook(t, other, signed(other))).status).toBe(200);
    const late = sessionEvent('evt_async_ok', 'checkout.session.async_payment_succeeded', sessionId);
    expect((await postWebhook(t, late, signed(late))).status).toBe(200);
    expect((await orderOf(sessionId)).status).toBe('paid');
  });

  /** A session paid so late that its hold lapsed and another visitor bought and paid for the date meanwhile. */
  async function lateSession(date: string, eventId: string): Promise<string> {
    now = testNow;
    const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date });
    const late = await checkoutOk(t, body);
    now = new Date(testNow.getTime() + 40 * 60_000);
    const other = await checkoutOk(t, body);
    const paid = sessionEvent(eventId, 'checkout.session.completed', other.sessionId, 'paid', 'pi_other');
    expect((await postWebhook(t, paid, signed(paid))).status).toBe(200);
    return late.sessionId;
  }

  it('refunds a payment confirmed after its date was sold, through the Refunds API, once, with an idempotency key', async () => {
    const sessionId = await lateSession('2026-12-10', 'evt_other_paid_1');
    standIn.requests.length = 0;
    const payload = sessionEvent('evt_late_1', 'checkout.session.completed', sessionId, 'paid', 'pi_late_1');
    expect((await postWebhook(t, payload, signed(payload))).status).toBe(200);
    // Stripe is answered first; the refund is asked for right after.
    await vi.waitFor(async () => expect((await orderOf(sessionId)).status).toBe('refunded'));
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    const order = await orderOf(sessionId);
    expect(refunds[0]!.form.get('payment_intent')).toBe('pi_late_1');
    // The whole charge: $350.00, GST $17.50 and QST $34.91.
    expect(refunds[0]!.form.get('amount')).toBe('40241');
    expect(refunds[0]!.form.get('metadata[order_id]')).toBe(order.id);
    expect(refunds[0]!.headers['idempotency-key']).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(order).toMatchObject({ status: 'refunded', refund_reason: 'paid_after_taken', payment_intent_id: 'pi_late_1' });
    // Stripe redelivers: nothing more is refunded.
    expect(await (await postWebhook(t, payload, signed(payload))).json()).toEqual({ received: true, duplicate: true });
    expect(standIn.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    now = testNow;
  });

  it('asks Stripe again with the same key when it refuses, and finds the payment from the session when the event did not name it', async () => {
    const sessionId = await lateSession('2026-12-11', 'evt_other_paid_2');
    standIn.requests.length = 0;
    standIn.failNext.count = 100;
    const payload = sessionEvent('evt_late_2', 'checkout.session.completed', sessionId, 'paid', null);
    expect((await postWebhook(t, payload, signed(payload))).status).toBe(200);
    const refundOf = () => t.db.selectFrom('refunds').innerJoin('orders', 'orders.id', 'refunds.order_id').select(['refunds.last_error', 'refunds.attempts']).where('orders.session_id', '=', sessionId).executeTakeFirstOrThrow();
    await vi.waitFor(async () => expect((await refundOf()).last_error).toMatch(/stand-in outage/), { timeout: 20_000 });
    standIn.failNext.count = 0;
    expect((await orderOf(sessionId)).status).toBe('refund_pending');
    expect(await settleDueRefunds(t.deps)).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await settleDueRefunds(t.deps)).toBe(1);
    const order = await orderOf(sessionId);
    expect(order.status).toBe('refunded');
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.at(-1)!.form.get('payment_intent')).toBe(`pi_of_${sessionId}`);
    expect(new Set(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').map((r) => r.headers['idempotency-key'])).size).toBe(1);
    now = testNow;
  }, 30_000);

  it('a booking cancelled through its manage link is refunded through the Refunds API: its amount, the payment intent, an idempotency key', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-12-14' }));
    const payload = sessionEvent('evt_cancel_paid', 'checkout.session.completed', sessionId, 'paid', 'pi_cancel_1');
    expect((await postWebhook(t, payload, signed(payload))).status).toBe(200);
    const { manageToken } = (await (await t.app.request(`/public-api/orders/${sessionId}`)).json()) as { manageToken: string };
    standIn.requests.length = 0;
    const res = await t.app.request(`/public-api/bookings/${manageToken}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'stripe-cancel-1' },
      body: JSON.stringify({ dates: ['2026-12-14'] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ booking: { state: 'cancelled', refund: 'refunded' } });
    const order = await orderOf(sessionId);
    const refund = await t.db.selectFrom('refunds').select(['id', 'provider_refund_id']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const sent = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    // A room of $350.00: $402.41 with GST and QST, all of it back.
    expect(sent[0]!.form.get('amount')).toBe(String(order.total_cents));
    expect(order.total_cents).toBe(40_241);
    expect(sent[0]!.form.get('payment_intent')).toBe('pi_cancel_1');
    expect(sent[0]!.form.get('reason')).toBe('requested_by_customer');
    expect(sent[0]!.form.get('metadata[order_id]')).toBe(order.id);
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${refund.id}`);
    expect(refund.provider_refund_id).toMatch(/^re_standin_/);
    expect(order.status).toBe('refunded');
  });

  it('has no test checkout page while Stripe takes the payments', async () => {
    expect((await t.app.request('/public-api/test-checkout/cs_test_standin_1')).status).toBe(404);
  });
});
