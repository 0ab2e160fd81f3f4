import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { runBillingRound } from '../../src/server/billing/round.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import type { ProductChoice } from '../../src/shared/domain/pricing.ts';
import { checkoutBody, checkoutOk, payTestCheckout, testBuyer } from './checkout-helpers.ts';
import { backend, buildTestApp, testBankingKeys, type TestApp } from './test-app.ts';

/*
 * GET /metrics: off without METRICS_TOKEN, behind it otherwise; requests by route pattern (never
 * a path, which can carry a secret link's token), the database's connections, the rounds, and the
 * figures every instance shares read from the database when asked.
 */

const token = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${token}` };
const at = (iso: string) => new Date(iso);

/** A sample's value in Prometheus text, found by its name and (some of) its labels; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe(`GET /metrics (${backend})`, () => {
  let t: TestApp;
  let now = at('2026-11-23T14:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: token }, deps: { clock: () => now } });
  });
  afterAll(() => t?.close());

  const scrape = async (app: { request: TestApp['app']['request'] } = t.app) => {
    const res = await app.request('/metrics', { headers: bearer });
    expect(res.status).toBe(200);
    return res.text();
  };

  /** A unit bought through the checkout and paid on the test checkout page, and its manage link's token. */
  async function paid(officeId: string, choice: ProductChoice, card = testBuyer.card_number) {
    const { sessionId } = await checkoutOk(t, await checkoutBody(t, officeId, choice));
    expect((await payTestCheckout(t, sessionId, { ...testBuyer, card_number: card })).status).toBe(303);
    return orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).manageToken!;
  }

  it('is off without METRICS_TOKEN: 404, as any path no route serves', async () => {
    const off = createApp({ ...t.deps, config: { ...t.deps.config, metricsToken: undefined } });
    const res = await off.request('/metrics', { headers: bearer });
    expect(res.status).toBe(404);
    expect(res.headers.get(problemCodeHeader)).toBe('not_found');
  });

  it('without its token, or with another: 401 and no data; with it, the Prometheus text, never stored', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: `Bearer ${token}x` }, { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` }]) {
      const res = await t.app.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get(problemCodeHeader)).toBe('metrics_token_invalid');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ success: false, error: 'A valid metrics token is required' });
      expect(body).not.toContain('coworking_');
    }
    const res = await t.app.request('/metrics', { headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    // The process's own (prom-client's defaults), and this database's connections.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'coworking_database_connections_max')).toBe(backend === 'postgresql' ? 20 : 1);
    expect(sample(text, 'coworking_database_connections_open')).toBeGreaterThanOrEqual(backend === 'postgresql' ? 0 : 1);
    expect(sample(text, 'coworking_database_clients_waiting')).toBe(0);
    expect(sample(text, 'coworking_metrics_database_up')).toBe(1);
  });

  it('counts requests by method, route pattern and status, never by path: a manage link’s token appears nowhere', async () => {
    const manage = await paid('CONF-A', { product: 'conference_room', date: '2026-11-26' });
    for (let i = 0; i < 2; i++) expect((await t.app.request(`/public-api/bookings/${manage}`)).status).toBe(200);
    expect((await t.app.request('/public-api/nowhere')).status).toBe(404);
    expect((await t.app.request(`/public-api/bookings/${manage}x/cancel`, { method: 'PROPFIND' })).status).toBe(404);
    const text = await scrape();
    const manageView = { method: 'GET', route: '/public-api/bookings/:token', status: '200' };
    expect(sample(text, 'coworking_http_requests_total', manageView)).toBe(2);
    expect(sample(text, 'coworking_http_request_duration_seconds_count', manageView)).toBe(2);
    expect(sample(text, 'coworking_http_request_duration_seconds_bucket', { ...manageView, le: '+Inf' })).toBe(2);
    expect(sample(text, 'coworking_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'coworking_http_requests_total', { method: 'other', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'coworking_http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBeGreaterThan(0);
    expect(text).not.toContain(manage);
    expect(text).not.toContain(manage.slice(0, 12));
    expect(text).not.toContain(testBuyer.buyer_email);
    expect(text).not.toContain(testBuyer.buyer_name);
  });

  it('reads orders paid and refunds from the database: a payment and a cancellation move them', async () => {
    const before = await scrape();
    const ordersPaid = sample(before, 'coworking_orders_paid')!;
    const refunds = (text: string) => (sample(text, 'coworking_refunds', { status: 'pending' }) ?? 0) + (sample(text, 'coworking_refunds', { status: 'succeeded' }) ?? 0);
    expect(ordersPaid).toBeGreaterThanOrEqual(1);
    const manage = await paid('CONF-B', { product: 'conference_room', date: '2026-11-27' });
    const afterPaying = await scrape();
    expect(sample(afterPaying, 'coworking_orders_paid')).toBe(ordersPaid + 1);
    expect(refunds(afterPaying)).toBe(refunds(before));

    const cancel = await t.app.request(`/public-api/bookings/${manage}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ dates: ['2026-11-27'] }),
    });
    expect(cancel.status).toBe(200);
    const afterCancelling = await scrape();
    expect(refunds(afterCancelling)).toBe(refunds(before) + 1);
    // A refunded order was paid all the same.
    expect(sample(afterCancelling, 'coworking_orders_paid')).toBe(ordersPaid + 1);
  });

  it('reads the outbox: messages waiting, given up on, and how long the oldest has waited', async () => {
    let text = await scrape();
    const waiting = sample(text, 'coworking_outbox_waiting')!;
    // Nothing sends mail in this test: every paid order's e-mail is waiting.
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'coworking_outbox_failed')).toBe(0);
    const oldest = await t.db.selectFrom('outbox').select((eb) => eb.fn.min('created_at').as('at')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(sample(text, 'coworking_outbox_oldest_waiting_age_seconds')).toBe((now.getTime() - new Date(oldest.at!).getTime()) / 1000);

    now = new Date(now.getTime() + 10 * 60_000);
    const one = await t.db.selectFrom('outbox').select('id').where('status', '=', 'pending').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable('outbox').set({ status: 'failed' }).where('id', '=', one.id).execute();
    text = await scrape();
    expect(sample(text, 'coworking_outbox_waiting')).toBe(waiting - 1);
    expect(sample(text, 'coworking_outbox_failed')).toBe(1);
    expect(sample(text, 'coworking_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(600);
  });

  it('reads invoices issued and paid, and payments that failed', async () => {
    now = at('2026-11-23T14:00:00Z');
    let text = await scrape();
    expect([sample(text, 'coworking_invoices_issued'), sample(text, 'coworking_invoices_paid'), sample(text, 'coworking_invoice_payments_failed')]).toEqual([0, 0, 0]);
    await paid('DSK-01', { product: 'standard' });
    // Paid at checkout with the customer there; every charge without them needs their authentication.
    await paid('DSK-02', { product: 'standard' }, '4000002760003184');
    now = at('2026-12-01T05:30:00Z');
    expect(await runBillingRound({ db: t.db, clock: () => now, payments: t.deps.payments, keyring: testBankingKeys })).toMatchObject({ issued: 2, succeeded: 1, failed: 1 });
    text = await scrape();
    expect([sample(text, 'coworking_invoices_issued'), sample(text, 'coworking_invoices_paid'), sample(text, 'coworking_invoice_payments_failed')]).toEqual([2, 1, 1]);
  });

  it('tells each round’s runs, failures, last run and its length, by the round’s name', async () => {
    const rounds: ReturnType<NonNullable<AppDeps['rounds']>> = {
      billing: { runs: 3, errors: 1, lastRunAt: Date.parse('2026-12-01T05:30:02Z'), lastDurationMs: 1_500 },
      mail: { runs: 0, errors: 0, lastRunAt: null, lastDurationMs: null },
    };
    const text = await scrape(createApp({ ...t.deps, rounds: () => rounds }));
    expect(sample(text, 'coworking_round_runs_total', { round: 'billing' })).toBe(3);
    expect(sample(text, 'coworking_round_errors_total', { round: 'billing' })).toBe(1);
    expect(sample(text, 'coworking_round_last_run_timestamp_seconds', { round: 'billing' })).toBe(Date.parse('2026-12-01T05:30:02Z') / 1000);
    expect(sample(text, 'coworking_round_last_duration_seconds', { round: 'billing' })).toBe(1.5);
    expect(sample(text, 'coworking_round_runs_total', { round: 'mail' })).toBe(0);
    // Not run yet: no last run to tell.
    expect(sample(text, 'coworking_round_last_run_timestamp_seconds', { round: 'mail' })).toBeUndefined();
  });

  it('answers without the database’s figures when the database does not', async () => {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'none', max: 1 }) }) });
    try {
      const text = await scrape(createApp({ ...t.deps, db }));
      expect(sample(text, 'coworking_metrics_database_up')).toBe(0);
      expect(sample(text, 'coworking_orders_paid')).toBeUndefined();
      expect(sample(text, 'coworking_outbox_waiting')).toBeUndefined();
      // A database this server did not open: nothing said of its connections.
      expect(sample(text, 'coworking_database_connections_max')).toBeUndefined();
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    } finally {
      void db.destroy().catch(() => undefined);
    }
  });
});
