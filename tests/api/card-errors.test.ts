import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingRound } from '../../src/server/billing/round.ts';
import { receivables } from '../../src/server/books/receivables.ts';
import { createApp } from '../../src/server/app.ts';
import { createMetrics } from '../../src/server/http/metrics.ts';
import { readMessageData } from '../../src/server/outbox/message-data.ts';
import { stripeProvider } from '../../src/server/payments/stripe.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { paymentPageResponse } from '../../src/shared/contract/bookings.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { adminToken, backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * Every failed card payment is heard (issue 46, points 3, 5 and 6): the provider's errors sorted
 * by what they mean, through Stripe's own SDK against a local stand-in that answers as Stripe's
 * API documents each error (status, error.type, error.code); a card first saved by Pay now pays
 * only what is issued after; and the books' next try reads the round's own rule.
 */

/** 9 a.m. at the space (EST, UTC−5, from November to March). */
const morningOf = (date: string) => new Date(`${date}T14:00:00Z`);
/** Half past midnight at the space on the 1st: the round that invoices the month and charges it. */
const billingDayOf = (date: string) => new Date(`${date}T05:30:00Z`);

/** A Stripe error body, as its API sends it. */
const stripeError = (status: number, error: Record<string, unknown>) => ({ status, body: { error: { doc_url: 'https://docs.stripe.com/error-codes', request_log_url: 'https://dashboard.stripe.com/test/logs/req_standin', ...error } } });

/** What the stand-in answers a charge of each customer's card (docs.stripe.com/error-codes, docs.stripe.com/api/errors). */
const chargeAnswers = {
  declined: stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }),
  cardDetached: stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: "No such PaymentMethod: 'pm_detached'" }),
  amountTooLarge: stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: 'Amount must be no more than $999,999.99' }),
  customerGone: stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: "No such customer: 'cus_gone'" }),
} as const;

/** What the stand-in answers every request while Stripe refuses us. */
const refusals = {
  authentication: stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****ndin' }),
  permission: stripeError(403, {
    type: 'invalid_request_error',
    message: "The provided key 'rk_test_****ndin' does not have the required permissions for this endpoint. Having the 'rak_payment_intent_write' permission would allow this request to continue.",
  }),
  invalid_request: stripeError(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: 'off_session', message: 'Received unknown parameter: off_session' }),
} as const;

type Answer = { status: number; body: unknown };

/** A local api.stripe.com: answers by the customer a request names, or refuses every request while `refusing` is set. */
async function startStandIn() {
  const requests: { method: string; path: string; customer: string | null }[] = [];
  const answers = new Map<string, Answer>();
  const state: { refusing: Answer | null } = { refusing: null };
  let intents = 0;
  const answer = (req: IncomingMessage, raw: string): Answer => {
    const form = new URLSearchParams(raw);
    const listing = /^\/v1\/customers\/([^/?]+)\/payment_methods/.exec(req.url ?? '');
    const customer = listing ? decodeURIComponent(listing[1]!) : form.get('customer');
    requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, customer });
    if (state.refusing) return state.refusing;
    if (listing) {
      // A deleted customer is gone: listing its cards is a 404, as retrieving it is.
      if (customer === 'cus_gone') return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: "No such customer: 'cus_gone'" });
      return { status: 200, body: { object: 'list', url: req.url, has_more: false, data: [{ id: `pm_of_${customer}`, object: 'payment_method', type: 'card', customer }] } };
    }
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const refused = answers.get(customer ?? '');
      if (refused) return refused;
      intents += 1;
      return { status: 200, body: { id: `pi_standin_${intents}`, object: 'payment_intent', status: 'succeeded', amount: Number(form.get('amount')), currency: 'cad', customer, payment_method: form.get('payment_method'), metadata: {} } };
    }
    return stripeError(404, { type: 'invalid_request_error', message: 'no such route' });
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const { status, body } = answer(req, raw);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests, answers, state };
}

describe(`card payments: every failure of the provider is heard (${backend})`, () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    standIn = await startStandIn();
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  const stripe = () => stripeProvider({ secretKey: 'sk_test_standin', webhookSecret: undefined, api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' } });
  /** The billing round, charging through Stripe's SDK (the app's own pages keep the test checkout). */
  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: stripe(), keyring: testBankingKeys });
  const charges = () => standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');

  /** A unit rented at the checkout, its card then kept at Stripe for `customer` (with `card`, or only the customer as a Stripe checkout names it). */
  async function rentAtStripe(officeId: string, choice: ProductChoice, customer: string, card: string | null = `pm_${customer}`) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
    expect((await payTestCheckout(t, sessionId)).status).toBe(303);
    const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    const rental = await t.db.selectFrom('rentals as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.id').where('o.session_id', '=', sessionId).executeTakeFirstOrThrow();
    await t.db.updateTable('rentals').set({ provider: 'stripe', provider_customer_id: customer, payment_method_id: card }).where('id', '=', rental.id).execute();
    return { id: rental.id, token };
  }
  const invoiceOf = async (rentalId: string, start: string) =>
    t.db.selectFrom('invoices').select(['id', 'number']).where('rental_id', '=', rentalId).where(sql<boolean>`period_start = ${start}::date`).executeTakeFirstOrThrow();
  const paymentsOf = (invoiceId: string) =>
    t.db.selectFrom('invoice_payments').select(['status', 'trigger', 'failure_reason']).where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute();
  const mailKinds = async (invoiceId: string) => (await t.db.selectFrom('outbox').select('kind').where(sql<boolean>`subject_ids->>'invoiceId' = ${invoiceId}`).execute()).map((m) => m.kind).sort();
  const staffAlerts = async () =>
    (await t.db.selectFrom('outbox').select(['recipient', 'data']).where('kind', '=', 'staff_payment_provider_refused').orderBy('created_at').execute()).map((m) => {
      const read = readMessageData('staff_payment_provider_refused', m.data);
      return read.ok ? { to: m.recipient, refusal: read.data.refusal, code: read.data.code } : null;
    });
  /** /readyz of an instance started now (an instance reads its database at most once a second). */
  const readyz = async () => {
    const res = await createApp(t.deps).request('/readyz');
    return { status: res.status, provider: ((await res.json()) as { payment_provider?: string }).payment_provider };
  };
  const refusingMetric = async () => {
    const text = await createMetrics({ db: t.db, clock: () => now }).render();
    return Number(/^coworking_payment_provider_refusing_us (\d+)$/m.exec(text)?.[1]);
  };
  const recordCheque = (rentalId: string, number: string) =>
    t.app.request(`/admin-api/rentals/${rentalId}/invoices/${number}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ method: 'cheque', reference: '1001' }),
    });

  let cards: Record<keyof typeof chargeAnswers, { id: string; token: string }>;

  it('a card or its customer that cannot be charged (declined, card detached, customer gone, amount refused): the try fails at once with its reason, the customer is e-mailed, the schedule goes on', async () => {
    cards = {
      declined: await rentAtStripe('DSK-01', { product: 'standard' }, 'cus_declined'),
      cardDetached: await rentAtStripe('DSK-02', { product: 'standard' }, 'cus_detached'),
      amountTooLarge: await rentAtStripe('HOT-01', { product: 'standard' }, 'cus_large'),
      // Its card not named yet (a Stripe checkout names only the customer): listing the customer's cards finds it deleted.
      customerGone: await rentAtStripe('PRK-01', { product: 'standard' }, 'cus_gone', null),
    };
    standIn.answers.set('cus_declined', chargeAnswers.declined);
    standIn.answers.set('cus_detached', chargeAnswers.cardDetached);
    standIn.answers.set('cus_large', chargeAnswers.amountTooLarge);
    now = billingDayOf('2026-12-01');
    expect(await round()).toMatchObject({ issued: 4, succeeded: 0, failed: 4, providerRefusedUs: false });

    const reasons = { declined: 'insufficient_funds', cardDetached: 'payment_method_missing', amountTooLarge: 'amount_too_large', customerGone: 'customer_missing' };
    const today = await receivables(t.db, now);
    for (const [name, rental] of Object.entries(cards) as [keyof typeof cards, { id: string; token: string }][]) {
      const december = await invoiceOf(rental.id, '2026-12-01');
      // Staff see the reason on the try; the customer gets the failed-payment e-mail with Pay now.
      expect(await paymentsOf(december.id)).toEqual([{ status: 'failed', trigger: 'billing_day', failure_reason: reasons[name] }]);
      expect(await mailKinds(december.id)).toEqual(['invoice_payment_failed']);
      // The schedule goes on: a retry is planned, later than today.
      const nextTry = today.receivables.find((r) => r.invoice === december.number)?.next_try_on ?? '';
      expect(nextTry).toMatch(/^2026-12-\d\d$/);
      expect(nextTry > '2026-12-01').toBe(true);
    }
    // Pay now is open at once: nothing holds the invoice as "payment in progress".
    const detached = await invoiceOf(cards.cardDetached.id, '2026-12-01');
    const pay = await t.app.request(`/public-api/bookings/${cards.cardDetached.token}/invoices/${detached.number}/pay`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.90' } });
    expect(pay.status).toBe(200);
    paymentPageResponse.parse(await pay.json());
    // Not the provider's fault: no incident, no alert.
    expect(await staffAlerts()).toEqual([]);
    expect(await readyz()).toEqual({ status: 200, provider: 'ok' });
  });

  it('the provider refusing us (a revoked key): the pass stops at its first refusal, the try is closed as not attempted, staff are told once however many instances meet it, and charging resumes once Stripe answers', async () => {
    // The rentals before, out of this test's way: ended, and their cards no longer kept.
    for (const name of Object.keys(cards) as (keyof typeof cards)[]) {
      await t.db.updateTable('rentals').set({ ended_at: now, provider_customer_id: null, payment_method_id: null }).where('id', '=', cards[name].id).execute();
    }
    const rentals = [
      await rentAtStripe('OFF-101', { product: 'office_monthly' }, 'cus_office'),
      await rentAtStripe('OFF-102', { product: 'office_monthly' }, 'cus_office_two'),
      await rentAtStripe('MAILBOX-SCAN', { product: 'mailbox' }, 'cus_mailbox'),
    ];
    standIn.state.refusing = refusals.authentication;
    standIn.requests.length = 0;
    now = billingDayOf('2027-01-01');
    expect(await round()).toMatchObject({ succeeded: 0, failed: 0, providerRefusedUs: true });
    // One request in the pass: the others would be refused the same.
    expect(charges()).toHaveLength(1);
    // Two instances meeting the refusal at once: one alert all the same.
    standIn.requests.length = 0;
    await Promise.all([round(), round()]);
    expect(charges().length).toBeLessThanOrEqual(2);
    expect(await staffAlerts()).toEqual([{ to: 'operations@espacecowork.ca', refusal: 'authentication', code: 'invalid_request_error' }]);

    const january = await Promise.all(rentals.map((r) => invoiceOf(r.id, '2027-01-01')));
    for (const invoice of january) {
      const payments = await paymentsOf(invoice.id);
      // Closed, never open: nothing was asked of the card, and the customer is told nothing.
      expect(payments.every((p) => p.status === 'failed' && p.failure_reason === 'not_attempted')).toBe(true);
      expect(await mailKinds(invoice.id)).toEqual([]);
    }
    // Staff's Record a payment works at once; the metric and /readyz say so, /readyz still 200.
    expect((await recordCheque(rentals[2]!.id, january[2]!.number)).status).toBe(200);
    expect(await readyz()).toEqual({ status: 200, provider: 'refusing_us' });
    expect(await refusingMetric()).toBe(1);

    // The key mended: the next round charges, the first try of the schedule (not-attempted tries are none of it).
    standIn.state.refusing = null;
    now = new Date(billingDayOf('2027-01-01').getTime() + 10 * 60_000);
    expect(await round()).toMatchObject({ succeeded: 2, failed: 0, providerRefusedUs: false });
    for (const invoice of january.slice(0, 2)) expect((await paymentsOf(invoice.id)).at(-1)).toEqual({ status: 'succeeded', trigger: 'billing_day', failure_reason: null });
    expect(await readyz()).toEqual({ status: 200, provider: 'ok' });
    expect(await refusingMetric()).toBe(0);

    // A new incident is a new alert: a request Stripe calls invalid, then a key without the right.
    standIn.state.refusing = refusals.invalid_request;
    now = billingDayOf('2027-02-01');
    expect(await round()).toMatchObject({ providerRefusedUs: true });
    standIn.state.refusing = null;
    now = new Date(billingDayOf('2027-02-01').getTime() + 10 * 60_000);
    expect(await round()).toMatchObject({ succeeded: 3, providerRefusedUs: false });
    standIn.state.refusing = refusals.permission;
    now = billingDayOf('2027-03-01');
    expect(await round()).toMatchObject({ providerRefusedUs: true });
    expect((await staffAlerts()).map((a) => a && [a.refusal, a.code])).toEqual([
      ['authentication', 'invalid_request_error'],
      ['invalid_request', 'parameter_unknown'],
      ['permission', 'invalid_request_error'],
    ]);
    standIn.state.refusing = null;
  });
});

describe(`a card first saved by Pay now pays what is issued after it (${backend})`, () => {
  let t: TestApp;
  let now = morningOf('2026-11-23');
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const round = () => runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys });
  const post = (path: string) => t.app.request(path, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.91' } });
  /** Opens the page a manage-page button asks for, and pays (or saves) with the test card that always succeeds. */
  async function onPage(answer: Response): Promise<void> {
    expect(answer.status).toBe(200);
    const path = new URL(paymentPageResponse.parse(await answer.json()).url).pathname;
    const paid = await t.app.request(`${path}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card_number: '4242424242424242' }).toString() });
    expect(paid.status).toBe(303);
  }
  const triesOf = (invoiceId: string) => t.db.selectFrom('invoice_payments').select(['trigger', 'status']).where('invoice_id', '=', invoiceId).orderBy('created_at').execute();

  it('a rental with no card: Pay now on its newest invoice keeps the card for the invoices after, not the older ones; Change card then pays them all', async () => {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }));
    expect((await payTestCheckout(t, sessionId, testBuyer)).status).toBe(303);
    const token = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
    const rental = await t.db.selectFrom('rentals as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.id').where('o.session_id', '=', sessionId).executeTakeFirstOrThrow();
    // As a rental adopted from before billing: no card kept.
    await t.db.updateTable('rentals').set({ provider_customer_id: null, payment_method_id: null }).where('id', '=', rental.id).execute();
    for (const month of ['2026-12-01', '2027-01-01', '2027-02-01']) {
      now = morningOf(month);
      await round();
    }
    const invoices = await t.db.selectFrom('invoices').select(['id', 'number']).where('rental_id', '=', rental.id).orderBy('period_start').execute();
    expect(invoices).toHaveLength(3);
    const [f1, f2, f3] = invoices as [(typeof invoices)[number], (typeof invoices)[number], (typeof invoices)[number]];

    now = morningOf('2027-02-02');
    await onPage(await post(`/public-api/bookings/${token}/invoices/${f3.number}/pay`));
    expect(await t.db.selectFrom('rentals').select('provider_customer_id').where('id', '=', rental.id).executeTakeFirstOrThrow()).toEqual({ provider_customer_id: expect.stringMatching(/^test_cus_/) });
    // The next rounds charge neither older invoice: the customer may be paying them otherwise.
    now = morningOf('2027-02-03');
    expect(await round()).toMatchObject({ succeeded: 0, failed: 0 });
    expect(await triesOf(f1.id)).toEqual([]);
    expect(await triesOf(f2.id)).toEqual([]);
    // The books say so: no next try for them.
    const books = await receivables(t.db, now);
    expect(books.receivables.filter((r) => r.invoice === f1.number || r.invoice === f2.number).map((r) => r.next_try_on)).toEqual([null, null]);
    // The next month's invoice, issued after the card was saved, is charged to it.
    now = morningOf('2027-03-01');
    expect(await round()).toMatchObject({ issued: 1, succeeded: 1 });
    expect(await triesOf(f1.id)).toEqual([]);

    // Change card: the customer asks their card to pay what the rental owes, all of it.
    await onPage(await post(`/public-api/bookings/${token}/card`));
    now = morningOf('2027-03-02');
    expect(await round()).toMatchObject({ succeeded: 2 });
    expect(await triesOf(f1.id)).toEqual([{ trigger: 'billing_day', status: 'succeeded' }]);
    expect(await triesOf(f2.id)).toEqual([{ trigger: 'billing_day', status: 'succeeded' }]);
  });

  it("the books' next try follows the round's rule: a card kept as its customer only (no card named yet) is charged, so its retry is planned", async () => {
    now = morningOf('2027-04-10');
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'DSK-02', { product: 'standard' }));
    // Saved, but every charge without the customer asks for authentication: the first try fails.
    expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: '4000 0027 6000 3184' })).status).toBe(303);
    const rental = await t.db.selectFrom('rentals as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.id').where('o.session_id', '=', sessionId).executeTakeFirstOrThrow();
    now = morningOf('2027-05-01');
    expect(await round()).toMatchObject({ failed: 1 });
    // Stripe's checkout names only the customer: the card is found when charged.
    await t.db.updateTable('rentals').set({ payment_method_id: null }).where('id', '=', rental.id).execute();
    const may = await t.db.selectFrom('invoices').select('number').where('rental_id', '=', rental.id).executeTakeFirstOrThrow();
    const row = (await receivables(t.db, now)).receivables.find((r) => r.invoice === may.number);
    expect(row?.next_try_on).toMatch(/^2027-05-\d\d$/);
  });
});
