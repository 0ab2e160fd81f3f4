import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import { stripeProvider } from '../../src/server/payments/stripe.ts';
import { sql } from 'kysely';
import { taxedTotal, type ProductChoice, type Quote } from '../../src/shared/domain/pricing.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { bookingResponse, paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { backend, buildTestApp, testBankingKeys, testNow, type TestApp } from './test-app.ts';
import { booked, checkoutBody, checkoutOk, origin, postCheckout } from './checkout-helpers.ts';

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

/** How the stand-in answers a charge of a customer's saved card, as Stripe would for that card (or while Stripe is down). */
type ChargeAnswer = 'succeeded' | 'insufficient_funds' | 'authentication_required' | 'api_error' | 'unreachable';

/** A customer at the stand-in: its cards, newest first (as Stripe lists them), and what a charge of them gets. */
interface StandInCustomer {
  cards: string[];
  answer: ChargeAnswer;
}

/** A Stripe form's bracketed group (`metadata[order_id]=…`) as the object Stripe makes of it. */
function formGroup(form: URLSearchParams, prefix: string): Record<string, string> {
  const group: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = key.startsWith(`${prefix}[`) && key.endsWith(']') ? key.slice(prefix.length + 1, -1) : null;
    if (name && !name.includes('[')) group[name] = value;
  }
  return group;
}

function cardOf(id: string, customer: string) {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    created: Math.floor(testNow.getTime() / 1000),
    livemode: false,
    billing_details: { address: null, email: null, name: null, phone: null },
    card: { brand: 'visa', country: 'CA', exp_month: 12, exp_year: 2030, funding: 'credit', last4: '4242' },
    metadata: {},
  };
}

/** Stripe's PaymentIntent as a confirmed off-session charge leaves it. */
function intentOf(id: string, form: URLSearchParams, status: string, lastPaymentError: Record<string, unknown> | null) {
  const amount = Number(form.get('amount'));
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_received: status === 'succeeded' ? amount : 0,
    currency: form.get('currency'),
    customer: form.get('customer'),
    payment_method: status === 'succeeded' ? form.get('payment_method') : null,
    description: form.get('description'),
    metadata: formGroup(form, 'metadata'),
    status,
    capture_method: 'automatic_async',
    confirmation_method: 'automatic',
    latest_charge: `ch_${id.slice(3)}`,
    last_payment_error: lastPaymentError,
    setup_future_usage: null,
    livemode: false,
    created: Math.floor(testNow.getTime() / 1000),
  };
}

/** Stripe's 402 for a refused off-session charge: a card_error naming the PaymentIntent it left requiring a new payment method. */
function cardError(id: string, form: URLSearchParams, refusal: 'insufficient_funds' | 'authentication_required') {
  const error =
    refusal === 'insufficient_funds'
      ? { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', doc_url: 'https://stripe.com/docs/error-codes/card-declined' }
      : {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
        };
  const paymentMethod = cardOf(form.get('payment_method') ?? '', form.get('customer') ?? '');
  return {
    error: {
      ...error,
      charge: `ch_${id.slice(3)}`,
      payment_method: paymentMethod,
      payment_intent: intentOf(id, form, 'requires_payment_method', { ...error, payment_method: paymentMethod }),
      request_log_url: `https://dashboard.stripe.com/test/logs/req_${id.slice(3)}`,
    },
  };
}

/** A local stand-in for api.stripe.com that records what the real SDK sends. */
async function startStandIn() {
  const requests: Recorded[] = [];
  const failNext = { count: 0 };
  /** The checkout sessions it made, as it answered them: a test completes one with Stripe's event of it. */
  const sessions = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, StandInCustomer>();
  /** Stripe's idempotency: a key asked again gets the answer it got the first time, and nothing is charged again. */
  const answered = new Map<string, { status: number; body: string }>();
  let intents = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (failNext.count > 0) {
        failNext.count -= 1;
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in outage' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        res.end(JSON.stringify({ id: `re_standin_${requests.length}`, object: 'refund', status: 'succeeded', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent') }));
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/')) {
        const id = req.url.split('/').pop()!.split('?')[0]!;
        res.end(JSON.stringify({ id, object: 'checkout.session', payment_status: 'paid', status: 'complete', payment_intent: `pi_of_${id}` }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_standin_${sessions.size + 1}`;
        const mode = form.get('mode');
        let amountTotal = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) amountTotal += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        const session = {
          id,
          object: 'checkout.session',
          mode,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: 'open',
          payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
          amount_total: mode === 'setup' ? null : amountTotal,
          currency: form.get('currency') ?? form.get('line_items[0][price_data][currency]'),
          customer: form.get('customer'),
          customer_creation: form.get('customer_creation'),
          customer_details: null,
          client_reference_id: form.get('client_reference_id'),
          metadata: formGroup(form, 'metadata'),
          payment_intent: null,
          setup_intent: null,
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          locale: form.get('locale'),
          expires_at: Number(form.get('expires_at')),
          livemode: false,
        };
        sessions.set(id, session);
        res.end(JSON.stringify(session));
        return;
      }
      const listing = req.method === 'GET' ? /^\/v1\/customers\/([^/?]+)\/payment_methods(\?.*)?$/.exec(req.url ?? '') : null;
      if (listing) {
        const id = decodeURIComponent(listing[1]!);
        const customer = customers.get(id);
        if (!customer) {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${id}'` } }));
          return;
        }
        const limit = Number(new URLSearchParams(listing[2]?.slice(1) ?? '').get('limit') ?? 10);
        const data = customer.cards.slice(0, limit).map((card) => cardOf(card, id));
        res.end(JSON.stringify({ object: 'list', url: `/v1/customers/${id}/payment_methods`, has_more: customer.cards.length > limit, data }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const before = answered.get(key);
        if (before) {
          res.statusCode = before.status;
          res.setHeader('idempotent-replayed', 'true');
          res.end(before.body);
          return;
        }
        const answer = customers.get(form.get('customer') ?? '')?.answer ?? 'succeeded';
        if (answer === 'unreachable') {
          // The connection drops before any answer: Stripe never saw the request, and nothing is kept for its key.
          req.socket.destroy();
          return;
        }
        intents += 1;
        const id = `pi_standin_${intents}`;
        const reply =
          answer === 'succeeded'
            ? { status: 200, body: JSON.stringify(intentOf(id, form, 'succeeded', null)) }
            : answer === 'api_error'
              ? { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }) }
              : { status: 402, body: JSON.stringify(cardError(id, form, answer)) };
        answered.set(key, reply);
        res.statusCode = reply.status;
        res.end(reply.body);
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'no such route' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests, failNext, sessions, customers };
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

/** Stripe's event about one of its objects, as its webhook posts it. */
function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(testNow.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** 9 a.m. at the space (EST, UTC−5, from November to March). */
const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
/** Half past midnight at the space on the 1st: the round that invoices the month and charges it. */
const billingDayOf = (date: string) => new Date(`${date}T05:30:00Z`);

describe(`monthly billing through Stripe's SDK: saved cards, off-session charges, Pay now and Change card (${backend})`, () => {
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

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  async function deliver(payload: string): Promise<unknown> {
    const res = await postWebhook(t, payload, signed(payload));
    expect(res.status).toBe(200);
    return res.json();
  }
  /** What the SDK sent to one of Stripe's paths (its query aside). */
  const sent = (method: string, path: string) => standIn.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
  const chargesOf = (customer: string) => sent('POST', '/v1/payment_intents').filter((r) => r.form.get('customer') === customer);
  const listingsOf = (customer: string) => sent('GET', `/v1/customers/${customer}/payment_methods`);
  const rentalOf = (id: string) => t.db.selectFrom('rentals').select(['id', 'provider', 'provider_customer_id', 'payment_method_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const invoicesOf = (rentalId: string) =>
    t.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).select(sql<string>`period_start::text`.as('start')).where('rental_id', '=', rentalId).orderBy('period_start').execute();
  const paymentsOf = (invoiceId: string) =>
    t.db
      .selectFrom('invoice_payments')
      .select(['id', 'status', 'trigger', 'amount_cents', 'failure_reason', 'provider_payment_id'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const mailAbout = async (invoiceId: string) =>
    (await t.db.selectFrom('outbox').select('kind').where(sql<boolean>`subject_ids->>'invoiceId' = ${invoiceId}`).execute()).map((m) => m.kind).sort();
  const view = async (token: string) => bookingResponse.parse(await (await t.app.request(`/public-api/bookings/${token}`)).json()).booking;

  /** Stripe's checkout.session.completed of a session the stand-in made: that session as Stripe has it once completed. */
  function completedEvent(sessionId: string, fields: Record<string, unknown>): string {
    const session = standIn.sessions.get(sessionId);
    if (!session) throw new Error(`the stand-in made no session ${sessionId}`);
    const customerDetails = { email: 'camille@example.com', name: 'Camille Tremblay', individual_name: 'Camille Tremblay', address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    return stripeEvent(`evt_completed_${sessionId}`, 'checkout.session.completed', { ...session, status: 'complete', customer_details: customerDetails, ...fields });
  }

  interface Rented {
    orderId: string;
    rentalId: string;
    manageToken: string;
  }

  /** A checkout Stripe reports paid, with the Customer it created for the card: the order, its rental, and its manage link's token. */
  async function confirmRental(sessionId: string, customer: string): Promise<Rented> {
    await deliver(completedEvent(sessionId, { payment_status: 'paid', payment_intent: `pi_checkout_${sessionId.split('_').pop()}`, customer }));
    const order = await t.db.selectFrom('orders').select(['id', 'status']).where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    const rental = await t.db.selectFrom('rentals').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const manageToken = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    return { orderId: order.id, rentalId: rental.id, manageToken };
  }

  /** Rents a unit through Stripe's checkout; `customer` is the Customer Stripe keeps its card on, and how its charges go. */
  async function rent(officeId: string, choice: ProductChoice, customer: string, card: StandInCustomer): Promise<Rented> {
    standIn.customers.set(customer, card);
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
    return confirmRental(sessionId, customer);
  }

  let deskSession = '';
  let roomSession = '';
  let desk: Rented;
  let poor: Rented;

  it("a rental's checkout asks Stripe for a Customer and keeps the card for payments off session; a day product's asks for neither", async () => {
    deskSession = (await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }))).sessionId;
    roomSession = (await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-26' }))).sessionId;
    const [deskForm, roomForm] = sent('POST', '/v1/checkout/sessions').map((r) => r.form);
    expect(deskForm!.get('mode')).toBe('payment');
    expect(deskForm!.get('customer_creation')).toBe('always');
    expect(deskForm!.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(deskForm!.has('customer')).toBe(false);
    expect(roomForm!.get('mode')).toBe('payment');
    expect(roomForm!.has('customer_creation')).toBe(false);
    expect(roomForm!.has('payment_intent_data[setup_future_usage]')).toBe(false);
    expect(roomForm!.has('customer')).toBe(false);
    expect([...roomForm!.keys()].filter((k) => k.startsWith('payment_intent_data['))).toEqual(['payment_intent_data[metadata][order_id]', 'payment_intent_data[metadata][office_id]']);
  });

  it("the rental's completed checkout makes its rental, with the Customer Stripe created and no payment method yet; the room's makes none", async () => {
    standIn.customers.set('cus_desk', { cards: ['pm_desk_visa'], answer: 'succeeded' });
    desk = await confirmRental(deskSession, 'cus_desk');
    expect(await rentalOf(desk.rentalId)).toMatchObject({ provider: 'stripe', provider_customer_id: 'cus_desk', payment_method_id: null });
    // Stripe makes no Customer for a day product's checkout.
    await deliver(completedEvent(roomSession, { payment_status: 'paid', payment_intent: 'pi_checkout_room', customer: null }));
    const room = await t.db.selectFrom('orders').select(['id', 'status']).where('session_id', '=', roomSession).executeTakeFirstOrThrow();
    expect(room.status).toBe('paid');
    expect(await t.db.selectFrom('rentals').select('id').where('order_id', '=', room.id).execute()).toEqual([]);
    // Stripe's events are enough: nothing was asked of Stripe.
    expect(standIn.requests).toEqual([]);
  });

  it('charges the invoice on 1 December off session: the newest card of the Customer, its total in CAD, our ids, the payment row as idempotency key; once', async () => {
    now = billingDayOf('2026-12-01');
    expect(await round()).toMatchObject({ issued: 1, succeeded: 1, failed: 0 });
    const [december] = await invoicesOf(desk.rentalId);
    expect(december).toMatchObject({ number: 'F-2026-000001', start: '2026-12-01' });
    const [payment] = await paymentsOf(december!.id);
    expect(payment).toMatchObject({ status: 'succeeded', trigger: 'billing_day', amount_cents: december!.total_cents, failure_reason: null, provider_payment_id: expect.stringMatching(/^pi_standin_/) });
    // No payment method known yet: the SDK lists the Customer's (newest first), then charges that one.
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers/cus_desk/payment_methods?limit=1', 'POST /v1/payment_intents']);
    const charge = standIn.requests[1]!;
    expect(charge.headers.authorization).toBe('Bearer sk_test_standin');
    expect(charge.headers['idempotency-key']).toBe(`invoice-payment-${payment!.id}`);
    const f = charge.form;
    expect(Object.fromEntries([...f].filter(([k]) => !k.startsWith('description')))).toEqual({
      amount: String(december!.total_cents),
      currency: 'cad',
      customer: 'cus_desk',
      payment_method: 'pm_desk_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[invoice_payment_id]': payment!.id,
      'metadata[invoice_id]': december!.id,
    });
    expect(december!.total_cents).toBe(taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]).total);
    // The card charged is the one to charge next month.
    expect(await rentalOf(desk.rentalId)).toMatchObject({ provider_customer_id: 'cus_desk', payment_method_id: 'pm_desk_visa' });
    expect(await mailAbout(december!.id)).toEqual(['invoice_paid']);

    // Again the same day: nothing asked of Stripe. Stripe's own event of the charge settles nothing twice.
    standIn.requests.length = 0;
    expect(await round()).toMatchObject({ issued: 0, succeeded: 0, failed: 0, settledLate: 0 });
    expect(standIn.requests).toEqual([]);
    const intent = intentOf(payment!.provider_payment_id!, f, 'succeeded', null);
    await deliver(stripeEvent('evt_pi_desk_december', 'payment_intent.succeeded', intent));
    expect(await paymentsOf(december!.id)).toEqual([payment]);
    expect(await mailAbout(december!.id)).toEqual(['invoice_paid']);
  });

  it('a declined charge (insufficient funds) and one that needs authentication fail their payment rows with the reason, and e-mail it once', async () => {
    now = morningOf('2026-12-02');
    poor = await rent('DSK-02', { product: 'standard' }, 'cus_poor', { cards: ['pm_poor_visa'], answer: 'insufficient_funds' });
    const sca = await rent('HOT-01', { product: 'standard' }, 'cus_sca', { cards: ['pm_sca_visa'], answer: 'authentication_required' });
    standIn.requests.length = 0;
    now = billingDayOf('2027-01-01');
    expect(await round()).toMatchObject({ issued: 3, succeeded: 1, failed: 2 });

    const [poorInvoice] = await invoicesOf(poor.rentalId);
    const [poorPayment] = await paymentsOf(poorInvoice!.id);
    expect(poorPayment).toMatchObject({ status: 'failed', trigger: 'billing_day', failure_reason: 'insufficient_funds', provider_payment_id: expect.stringMatching(/^pi_standin_/) });
    expect(listingsOf('cus_poor')).toHaveLength(1);
    expect(chargesOf('cus_poor').map((r) => [r.form.get('payment_method'), r.form.get('amount'), r.headers['idempotency-key']])).toEqual([['pm_poor_visa', String(poorInvoice!.total_cents), `invoice-payment-${poorPayment!.id}`]]);
    expect(await mailAbout(poorInvoice!.id)).toEqual(['invoice_payment_failed']);
    // A refused card is not kept as the one to charge.
    expect(await rentalOf(poor.rentalId)).toMatchObject({ provider_customer_id: 'cus_poor', payment_method_id: null });

    const [scaInvoice] = await invoicesOf(sca.rentalId);
    expect(await paymentsOf(scaInvoice!.id)).toMatchObject([{ status: 'failed', trigger: 'billing_day', failure_reason: 'authentication_required' }]);
    expect(await mailAbout(scaInvoice!.id)).toEqual(['invoice_payment_failed']);

    // The desk's card is known by now: charged without listing the Customer's cards.
    expect(listingsOf('cus_desk')).toEqual([]);
    expect(chargesOf('cus_desk').map((r) => r.form.get('payment_method'))).toEqual(['pm_desk_visa']);

    // Stripe's payment_intent.payment_failed of the refused charge changes nothing more.
    const refused = chargesOf('cus_poor')[0]!.form;
    const failedIntent = intentOf(poorPayment!.provider_payment_id!, refused, 'requires_payment_method', { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' });
    await deliver(stripeEvent('evt_pi_poor_failed', 'payment_intent.payment_failed', failedIntent));
    expect(await paymentsOf(poorInvoice!.id)).toEqual([poorPayment]);
    expect(await mailAbout(poorInvoice!.id)).toEqual(['invoice_payment_failed']);
    // The customer authenticates with the bank: the retries go through.
    standIn.customers.set('cus_sca', { cards: ['pm_sca_visa'], answer: 'succeeded' });
  });

  it('Pay now opens a Stripe checkout of the amount owed on the Customer, keeping the card; a card declined on the page fails nothing, and the completed session pays the invoice once', async () => {
    now = morningOf('2027-01-02');
    const [january] = await invoicesOf(poor.rentalId);
    const res = await t.app.request(`/public-api/bookings/${poor.manageToken}/invoices/${january!.number}/pay`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { url } = paymentPageResponse.parse(await res.json());
    const [request] = sent('POST', '/v1/checkout/sessions');
    const sessionId = url.split('/').pop()!;
    expect(url).toBe(standIn.sessions.get(sessionId)!.url);
    const open = await t.db.selectFrom('invoice_payments').select(['id', 'status', 'trigger', 'amount_cents', 'checkout_session_id']).where('invoice_id', '=', january!.id).where('trigger', '=', 'pay_now').executeTakeFirstOrThrow();
    expect(open).toMatchObject({ status: 'open', amount_cents: january!.total_cents, checkout_session_id: sessionId });
    const f = request!.form;
    expect(f.get('mode')).toBe('payment');
    expect(f.get('line_items[0][quantity]')).toBe('1');
    expect(f.get('line_items[0][price_data][currency]')).toBe('cad');
    expect(f.get('line_items[0][price_data][unit_amount]')).toBe(String(january!.total_cents));
    expect(f.get('line_items[0][price_data][product_data][name]')).toMatch(new RegExp(`^${january!.number} · Desk A2 · `));
    expect(f.has('line_items[1][quantity]')).toBe(false);
    expect(f.get('customer')).toBe('cus_poor');
    expect(f.has('customer_creation')).toBe(false);
    expect(f.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(formGroup(f, 'metadata')).toEqual({ invoice_payment_id: open.id, invoice_id: january!.id });
    // The page's payment intent names no payment row: its failed attempts are not the row's (the completed session settles it).
    expect(formGroup(f, 'payment_intent_data[metadata]')).toEqual({ invoice_id: january!.id });
    expect(f.get('client_reference_id')).toBe(open.id);
    expect(f.get('success_url')).toBe(`${origin}/booking/${poor.manageToken}?returned=paid`);
    expect(f.get('cancel_url')).toBe(`${origin}/booking/${poor.manageToken}?returned=cancelled`);
    expect(request!.headers['idempotency-key']).toBe(`pay-now-${open.id}`);

    // The first card tried on Stripe's page is declined: Stripe tells of its payment intent's failure, the page stays open.
    const pageIntent = {
      id: 'pi_paynow_poor',
      object: 'payment_intent',
      amount: january!.total_cents,
      currency: 'cad',
      customer: 'cus_poor',
      payment_method: null,
      metadata: formGroup(f, 'payment_intent_data[metadata]'),
      setup_future_usage: 'off_session',
      livemode: false,
    };
    await deliver(
      stripeEvent('evt_pi_paynow_declined', 'payment_intent.payment_failed', {
        ...pageIntent,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      }),
    );
    expect(await t.db.selectFrom('invoice_payments').select(['status', 'failure_reason']).where('id', '=', open.id).executeTakeFirstOrThrow()).toEqual({ status: 'open', failure_reason: null });
    expect(await mailAbout(january!.id)).toEqual(['invoice_payment_failed']);

    // Another card pays: the session completes, and the payment intent succeeds.
    const paid = completedEvent(sessionId, { payment_status: 'paid', payment_intent: 'pi_paynow_poor', customer: 'cus_poor' });
    await deliver(paid);
    await deliver(stripeEvent('evt_pi_paynow_paid', 'payment_intent.succeeded', { ...pageIntent, status: 'succeeded', payment_method: 'pm_poor_new', last_payment_error: null }));
    await deliver(paid);
    expect(await t.db.selectFrom('invoice_payments').select(['status', 'provider_payment_id', 'failure_reason']).where('id', '=', open.id).executeTakeFirstOrThrow()).toEqual({
      status: 'succeeded',
      provider_payment_id: 'pi_paynow_poor',
      failure_reason: null,
    });
    expect((await view(poor.manageToken)).billing!.invoices[0]).toMatchObject({ number: january!.number, state: 'paid' });
    expect(await mailAbout(january!.id)).toEqual(['invoice_paid', 'invoice_payment_failed']);
    // The card paid with is the Customer's newest: the one charged from now on.
    expect(await rentalOf(poor.rentalId)).toMatchObject({ provider_customer_id: 'cus_poor', payment_method_id: null });
    standIn.customers.set('cus_poor', { cards: ['pm_poor_new', 'pm_poor_visa'], answer: 'succeeded' });
    // Nothing was charged off session meanwhile.
    expect(sent('POST', '/v1/payment_intents')).toEqual([]);
  });

  it("Change card opens a setup checkout on the rental's Customer; completed, the Customer's newest card is charged from then on", async () => {
    const res = await t.app.request(`/public-api/bookings/${desk.manageToken}/card`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { url } = paymentPageResponse.parse(await res.json());
    const sessionId = url.split('/').pop()!;
    expect(url).toBe(standIn.sessions.get(sessionId)!.url);
    const change = await t.db.selectFrom('card_changes').select(['id', 'status', 'checkout_session_id']).where('rental_id', '=', desk.rentalId).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ status: 'open', checkout_session_id: sessionId });
    const [request] = sent('POST', '/v1/checkout/sessions');
    const f = request!.form;
    expect(f.get('mode')).toBe('setup');
    expect(f.get('currency')).toBe('cad');
    expect(f.get('customer')).toBe('cus_desk');
    expect(f.has('customer_creation')).toBe(false);
    expect(formGroup(f, 'metadata')).toEqual({ card_change_id: change.id, rental_id: desk.rentalId });
    expect(f.get('setup_intent_data[metadata][card_change_id]')).toBe(change.id);
    // Nothing is charged: no line, no payment intent.
    expect([...f.keys()].filter((k) => k.startsWith('line_items') || k.startsWith('payment_intent_data'))).toEqual([]);
    expect(f.get('success_url')).toBe(`${origin}/booking/${desk.manageToken}?returned=card`);
    expect(request!.headers['idempotency-key']).toBe(`card-change-${change.id}`);

    const saved = completedEvent(sessionId, { payment_status: 'no_payment_required', setup_intent: 'seti_desk_mastercard', customer: 'cus_desk' });
    await deliver(saved);
    await deliver(saved);
    expect(await t.db.selectFrom('card_changes').select('status').where('id', '=', change.id).executeTakeFirstOrThrow()).toEqual({ status: 'saved' });
    expect(await rentalOf(desk.rentalId)).toMatchObject({ provider_customer_id: 'cus_desk', payment_method_id: null });
    standIn.customers.set('cus_desk', { cards: ['pm_desk_mastercard', 'pm_desk_visa'], answer: 'succeeded' });

    now = billingDayOf('2027-02-01');
    await round();
    const february = (await invoicesOf(desk.rentalId)).find((i) => i.start === '2027-02-01')!;
    expect(await paymentsOf(february.id)).toMatchObject([{ status: 'succeeded', trigger: 'billing_day' }]);
    expect(listingsOf('cus_desk')).toHaveLength(1);
    expect(chargesOf('cus_desk').map((r) => r.form.get('payment_method'))).toEqual(['pm_desk_mastercard']);
    expect(await rentalOf(desk.rentalId)).toMatchObject({ payment_method_id: 'pm_desk_mastercard' });
  });

  it('Stripe down: the try stays open and nothing is e-mailed; a round 5 minutes on asks again with the same key and settles it once, or Stripe’s event does', async () => {
    now = morningOf('2027-02-02');
    const down = await rent('PRK-01', { product: 'standard' }, 'cus_down', { cards: ['pm_down_visa'], answer: 'unreachable' });
    const late = await rent('OFF-102', { product: 'office_monthly' }, 'cus_late', { cards: ['pm_late_visa'], answer: 'api_error' });
    standIn.requests.length = 0;
    now = billingDayOf('2027-03-01');
    await round();
    const [downInvoice] = await invoicesOf(down.rentalId);
    const [lateInvoice] = await invoicesOf(late.rentalId);
    const [downPayment] = await paymentsOf(downInvoice!.id);
    const [latePayment] = await paymentsOf(lateInvoice!.id);
    expect(downPayment).toMatchObject({ status: 'open', trigger: 'billing_day', amount_cents: downInvoice!.total_cents, provider_payment_id: null });
    expect(latePayment).toMatchObject({ status: 'open', trigger: 'billing_day', amount_cents: lateInvoice!.total_cents, provider_payment_id: null });
    // The SDK's own retries (a dropped connection, a 500) carry the payment row's key each time.
    expect(chargesOf('cus_down').map((r) => r.headers['idempotency-key'])).toEqual(Array.from({ length: 3 }, () => `invoice-payment-${downPayment!.id}`));
    expect(chargesOf('cus_late').map((r) => r.headers['idempotency-key'])).toEqual(Array.from({ length: 3 }, () => `invoice-payment-${latePayment!.id}`));
    expect(await mailAbout(downInvoice!.id)).toEqual([]);
    expect(await mailAbout(lateInvoice!.id)).toEqual([]);

    // Stripe charged the office's card all the same: its payment_intent.succeeded settles the row, once however often delivered.
    const lateIntent = intentOf('pi_late_1', chargesOf('cus_late')[0]!.form, 'succeeded', null);
    expect(lateIntent.metadata).toEqual({ invoice_payment_id: latePayment!.id, invoice_id: lateInvoice!.id });
    const lateEvent = stripeEvent('evt_pi_late_succeeded', 'payment_intent.succeeded', lateIntent);
    await deliver(lateEvent);
    await deliver(lateEvent);
    expect(await paymentsOf(lateInvoice!.id)).toMatchObject([{ id: latePayment!.id, status: 'succeeded', provider_payment_id: 'pi_late_1' }]);
    expect(await rentalOf(late.rentalId)).toMatchObject({ provider_customer_id: 'cus_late', payment_method_id: 'pm_late_visa' });
    expect(await mailAbout(lateInvoice!.id)).toEqual(['invoice_paid']);

    // Stripe is back. A round 2 minutes on leaves the try alone: its answer may still come.
    standIn.customers.set('cus_down', { cards: ['pm_down_visa'], answer: 'succeeded' });
    standIn.requests.length = 0;
    now = new Date(billingDayOf('2027-03-01').getTime() + 2 * 60_000);
    expect(await round()).toMatchObject({ settledLate: 0 });
    expect(chargesOf('cus_down')).toEqual([]);
    // 6 minutes on: asked again with the same key, settled once.
    now = new Date(billingDayOf('2027-03-01').getTime() + 6 * 60_000);
    expect(await round()).toMatchObject({ settledLate: 1 });
    const again = chargesOf('cus_down');
    expect(again.map((r) => [r.headers['idempotency-key'], r.form.get('amount'), r.form.get('payment_method'), r.form.get('metadata[invoice_payment_id]')])).toEqual([
      [`invoice-payment-${downPayment!.id}`, String(downInvoice!.total_cents), 'pm_down_visa', downPayment!.id],
    ]);
    expect(chargesOf('cus_late')).toEqual([]);
    expect(await paymentsOf(downInvoice!.id)).toMatchObject([{ id: downPayment!.id, status: 'succeeded', provider_payment_id: expect.stringMatching(/^pi_standin_/) }]);
    expect(await rentalOf(down.rentalId)).toMatchObject({ payment_method_id: 'pm_down_visa' });
    now = new Date(billingDayOf('2027-03-01').getTime() + 12 * 60_000);
    standIn.requests.length = 0;
    expect(await round()).toMatchObject({ succeeded: 0, failed: 0, settledLate: 0 });
    expect(sent('POST', '/v1/payment_intents')).toEqual([]);
    expect(await mailAbout(downInvoice!.id)).toEqual(['invoice_paid']);
    expect(await mailAbout(lateInvoice!.id)).toEqual(['invoice_paid']);
  });
});
