import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { createApp } from '../../src/server/app.ts';
import { keyringOf } from '../../src/server/secrets/banking-keys.ts';
import { confirmPayment } from '../../src/server/bookings/payment-events.ts';
import { settleDueRefunds } from '../../src/server/bookings/refunds.ts';
import type { Db } from '../../src/server/db/database.ts';
import { testCheckoutProvider, type TestPaymentProvider } from '../../src/server/payments/test-checkout.ts';
import { orderResponse } from '../../src/shared/contract/orders.ts';
import { staffOrdersResponse } from '../../src/shared/contract/staff-orders.ts';
import { waitlistListResponse } from '../../src/shared/contract/waitlist.ts';
import { booked, checkoutBody, checkoutOk, postCheckout, payTestCheckout } from './checkout-helpers.ts';
import { buildLeaseTestApp, companyInfo, createOffer, sign, signedOffer, submitInfo, validBanking, signature } from './lease-fixtures.ts';
import { adminToken, appAdminClient, backend, buildTestApp, testBankingKeys, testNow, type TestApp } from './test-app.ts';

const auth = { authorization: `Bearer ${adminToken}` };
const minutes = (n: number) => new Date(testNow.getTime() + n * 60_000);

describe(`no one client can hoard the calendar (${backend})`, () => {
  let t: TestApp;
  let now = testNow;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  const room = (date: string) => checkoutBody(t, 'CONF-A', { product: 'conference_room', date });

  it('holds at most 3 unpaid checkouts per client; the next gets 429 with a clear message and Retry-After', async () => {
    const ip = '203.0.113.10';
    for (const date of ['2026-11-24', '2026-11-25', '2026-11-26']) expect((await postCheckout(t, await room(date), ip)).status).toBe(200);
    const fourth = await postCheckout(t, await room('2026-11-27'), ip);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBe(36 * 60);
    expect(await fourth.json()).toEqual({
      success: false,
      error: 'You already have 3 bookings waiting for payment. Finish paying for one of them, or try again in 36 minutes.',
    });
    expect(await booked(t, 'CONF-A', '2026-11-27', '2026-11-27')).toEqual([]);
    // Another visitor is not affected, and what holds nothing (a day pass, a mailbox) is not capped.
    expect((await postCheckout(t, await room('2026-11-27'), '203.0.113.11')).status).toBe(200);
    expect((await postCheckout(t, await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' }), ip)).status).toBe(200);
    expect((await postCheckout(t, await checkoutBody(t, 'DAYPASS', { product: 'day_pass', date: '2026-11-24' }), ip)).status).toBe(200);
  });

  it('paying one frees a place under the cap; lapsed holds free theirs', async () => {
    const ip = '203.0.113.20';
    const sessions: string[] = [];
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03']) {
      const res = await postCheckout(t, await room(date), ip);
      sessions.push(((await res.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!);
    }
    expect((await postCheckout(t, await room('2026-12-04'), ip)).status).toBe(429);
    expect((await payTestCheckout(t, sessions[0]!)).status).toBe(303);
    expect((await postCheckout(t, await room('2026-12-04'), ip)).status).toBe(200);
    expect((await postCheckout(t, await room('2026-12-07'), ip)).status).toBe(429);
    now = minutes(37);
    try {
      expect((await postCheckout(t, await room('2026-12-07'), ip)).status).toBe(200);
    } finally {
      now = testNow;
    }
  });

  it('ten checkouts at once from one client place exactly 3', async () => {
    const ip = '203.0.113.30';
    const dates = ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-28'];
    const bodies = await Promise.all(dates.map((d) => room(d)));
    const answers = await Promise.all(bodies.map((b) => postCheckout(t, b, ip)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });
});

describe(`a payment that arrives after its days were sold is refunded, and says so (${backend})`, () => {
  let t: TestApp;
  let now = testNow;
  let payments: TestPaymentProvider;
  let refuse: string | null = null;
  beforeAll(async () => {
    // The test provider, with a switch to make its refunds fail.
    const refusing = (db: Db): TestPaymentProvider => {
      const provider = testCheckoutProvider(db);
      payments = provider;
      return Object.assign(Object.create(provider) as TestPaymentProvider, {
        refund: (request: Parameters<TestPaymentProvider['refund']>[0]) => (refuse ? Promise.reject(new Error(refuse)) : provider.refund(request)),
      });
    };
    t = await buildTestApp({ payments: refusing, deps: { clock: () => now } });
  });
  afterAll(() => t.close());

  /** A checkout whose hold lapses and whose date someone else then buys and pays for. */
  async function lateOrder(date: string): Promise<string> {
    now = testNow;
    const body = await checkoutBody(t, 'CONF-B', { product: 'conference_room', date });
    const late = await checkoutOk(t, body);
    now = minutes(40);
    const other = await checkoutOk(t, body);
    expect((await payTestCheckout(t, other.sessionId)).status).toBe(303);
    return late.sessionId;
  }

  it('refunds the whole amount through the provider once, keeps the date with its buyer, and tells the visitor and staff', async () => {
    const sessionId = await lateOrder('2026-12-08');
    // The provider confirms the payment now (a webhook delivered late): the same path as any confirmation.
    expect(await confirmPayment(t.ctx, sessionId, { paymentIntentId: null, buyer: { name: 'Camille Tremblay', email: 'camille@example.com' } })).toBe('paid_but_taken');
    expect(await confirmPayment(t.ctx, sessionId, { paymentIntentId: null, buyer: null })).toBe('already_applied');

    const order = await t.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'refunded', refund_reason: 'paid_after_taken' });
    const given = payments.refunds.filter((r) => r.orderId === order.id);
    expect(given).toEqual([expect.objectContaining({ amountCents: 25_295, sessionId, reason: 'paid_after_taken', idempotencyKey: expect.stringMatching(/^refund-/) })]);
    expect(await booked(t, 'CONF-B', '2026-12-08', '2026-12-08')).toEqual(['2026-12-08']);
    // The money came in, so it has a receipt; its refund has a credit note of its own series, and the buyer and staff are told.
    const refund = await t.db.selectFrom('refunds').select(['id', 'credit_note_number']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(order.receipt_number).toMatch(/^2026-\d{6}$/);
    expect(refund.credit_note_number).toMatch(/^NC-2026-\d{6}$/);
    const told = await t.db.selectFrom('outbox').select(['kind', 'recipient']).where(sql<boolean>`subject_ids->>'refundId' = ${refund.id}`).orderBy('kind').execute();
    expect(told).toEqual([
      { kind: 'order_refunded', recipient: 'camille@example.com' },
      { kind: 'staff_order_refunded', recipient: 'operations@espacecowork.ca' },
    ]);

    const lookup = orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json());
    expect(lookup).toMatchObject({ status: 'refunded', refundReason: 'paid_after_taken' });

    const staff = staffOrdersResponse.parse(await (await t.app.request('/admin-api/orders?status=refunded', { headers: auth })).json());
    expect(staff.data.orders.map((o) => [o.session_id, o.refund_reason, o.refund_error])).toEqual([[sessionId, 'paid_after_taken', null]]);
    const lines: string[] = [];
    await runCli(['orders', 'list', '--status', 'refunded'], appAdminClient(t), (line) => lines.push(line));
    expect(lines[2]).toContain('paid after the date or unit was sold: refunded in full');
  });

  it('a refund the provider refuses stays pending, shown to staff with the reason, and is asked again until it goes through', async () => {
    const sessionId = await lateOrder('2026-12-09');
    refuse = 'card network unavailable';
    try {
      expect(await confirmPayment(t.ctx, sessionId, { paymentIntentId: null, buyer: null })).toBe('paid_but_taken');
    } finally {
      refuse = null;
    }
    expect(orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).status).toBe('refund_pending');
    const staff = staffOrdersResponse.parse(await (await t.app.request('/admin-api/orders?status=refund_pending', { headers: auth })).json());
    expect(staff.data.orders.map((o) => o.refund_error)).toEqual(['card network unavailable']);

    // Not due yet: the first retry waits a minute.
    expect(await settleDueRefunds(t.deps)).toBe(0);
    now = minutes(42);
    expect(await Promise.all([settleDueRefunds(t.deps), settleDueRefunds(t.deps)])).toEqual(expect.arrayContaining([1, 0]));
    expect(orderResponse.parse(await (await t.app.request(`/public-api/orders/${sessionId}`)).json()).status).toBe('refunded');
    const order = await t.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).executeTakeFirstOrThrow();
    expect(payments.refunds.filter((r) => r.orderId === order.id)).toHaveLength(1);
  });
});

describe(`a webhook event is recorded and applied in one transaction (${backend})`, () => {
  it('an event whose application fails is not recorded, so its redelivery applies it', async () => {
    const t = await buildTestApp();
    try {
      const { sessionId } = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' }));
      // The database refuses to mark this order paid, once: the failure lands after the event row was written.
      await sql`create table fail_once (session_id text primary key)`.execute(t.db);
      await sql`insert into fail_once values (${sessionId})`.execute(t.db);
      await sql`create function refuse_payment() returns trigger language plpgsql as $$
        begin
          if new.status = 'paid' and exists (select 1 from fail_once where session_id = new.session_id) then
            raise exception 'injected failure';
          end if;
          return new;
        end $$`.execute(t.db);
      await sql`create trigger refuse_payment before update on orders for each row execute function refuse_payment()`.execute(t.db);
      const event = { id: 'evt_atomic_1', type: 'checkout.session.completed', action: 'confirm' as const, sessionId, paymentIntentId: 'pi_1', buyer: null };
      const { receivePaymentEvent } = await import('../../src/server/bookings/payment-events.ts');
      await expect(receivePaymentEvent(t.ctx, event)).rejects.toThrow(/injected failure/);
      expect(await t.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
      await sql`delete from fail_once`.execute(t.db);
      expect(await receivePaymentEvent(t.ctx, event)).toBe('confirmed');
      expect(await receivePaymentEvent(t.ctx, event)).toBe('duplicate');
      expect((await t.db.selectFrom('orders').select(['status', 'payment_intent_id']).where('session_id', '=', sessionId).executeTakeFirstOrThrow())).toEqual({ status: 'paid', payment_intent_id: 'pi_1' });
    } finally {
      await t.close();
    }
  });
});

describe(`signing and company details take turns (${backend})`, () => {
  it('what is signed is the company as it stood under the lock, and details cannot change once signed', async () => {
    const t = await buildLeaseTestApp();
    try {
      for (let round = 0; round < 8; round++) {
        const { code } = await createOffer(t, { email: `race${round}@example.com` });
        expect((await submitInfo(t, code)).status).toBe(200);
        const renamed = { ...companyInfo, company_name: `Renamed ${round} inc.` };
        const [info, signing] = await Promise.all([submitInfo(t, code, renamed), sign(t, code, { signature, banking: validBanking })]);
        expect(signing.status).toBe(200);
        expect([200, 409]).toContain(info.status);
        const row = (
          await sql<{ company_name: string; contract_text: string; info_company: string }>`select s.company_name, s.contract_text, o.company_name as info_company
            from lease_signatures s join lease_offers o on o.id = s.offer_id where o.email = ${`race${round}@example.com`}`.execute(t.db)
        ).rows[0]!;
        // The signed text names the company the signature row records, which is the offer's company now.
        expect(row.contract_text).toContain(row.company_name);
        expect(row.info_company).toBe(row.company_name);
        const after = await submitInfo(t, code, { ...companyInfo, company_name: 'Too Late inc.' });
        expect(after.status).toBe(409);
        expect(((await after.json()) as { already_signed: boolean }).already_signed).toBe(true);
        const stored = await sql<{ company_name: string }>`select company_name from lease_offers where email = ${`race${round}@example.com`}`.execute(t.db);
        expect(stored.rows[0]!.company_name).toBe(row.company_name);
      }
    } finally {
      await t.close();
    }
  });
});

describe(`staff lists page past 1,000 (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const office = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'OFF-203').executeTakeFirstOrThrow();
    await sql`insert into waitlist_entries (customer_name, email, number_of_users, created_at)
      select 'Person ' || n, 'person' || n || '@example.com', 1, ${testNow} from generate_series(1, 2500) as n`.execute(t.db);
    await sql`insert into waitlist_entry_offices (entry_id, office_id, position) select id, ${office.id}, 1 from waitlist_entries`.execute(t.db);
    // Orders with one and the same creation instant: the cursor must still neither skip nor repeat.
    await sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote, booking_date, locale,
        success_url, cancel_url, status, expires_at, created_at)
      select 'order-' || lpad(n::text, 5, '0'), 'test', ${office.id}, 'mailbox', 'monthly', 'Mailbox', 'mailbox', 3900, '{"dates":[]}'::jsonb, '2026-11-23', 'en',
        'http://localhost:5173/checkout-success', 'http://localhost:5173/', case when n % 2 = 0 then 'paid' else 'expired' end, ${testNow}, ${testNow}
      from generate_series(1, 1200) as n`.execute(t.db);
  });
  afterAll(() => t.close());

  it('GET /admin-api/waitlist gives every entry once, page by page, newest first', async () => {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.request(`/admin-api/waitlist?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
      const { data } = waitlistListResponse.parse(await res.json());
      ids.push(...data.entries.map((e) => e.id));
      cursor = data.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await t.app.request('/admin-api/waitlist?cursor=not-ours', { headers: auth })).status).toBe(400);
  });

  it('GET /admin-api/orders gives every order once, page by page, a status filter included', async () => {
    const collect = async (search: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.app.request(`/admin-api/orders?limit=500${search}${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
        const { data } = staffOrdersResponse.parse(await res.json());
        ids.push(...data.orders.map((o) => o.id));
        cursor = data.next_cursor;
      } while (cursor);
      return ids;
    };
    const all = await collect('');
    expect(all).toHaveLength(1200);
    expect(new Set(all).size).toBe(1200);
    expect(await collect('&status=paid')).toHaveLength(600);
  });

  it('the command line follows the cursor to the end, or stops at --limit', async () => {
    const lines: string[] = [];
    await runCli(['waitlist', 'list'], appAdminClient(t), (line) => lines.push(line));
    expect(lines).toHaveLength(2 + 2500);
    const json: string[] = [];
    await runCli(['orders', 'list', '--json'], appAdminClient(t), (line) => json.push(line));
    expect((JSON.parse(json.join('\n')) as unknown[]).length).toBe(1200);
    const some: string[] = [];
    await runCli(['waitlist', 'list', '--limit', '1500', '--json'], appAdminClient(t), (line) => some.push(line));
    expect((JSON.parse(some.join('\n')) as unknown[]).length).toBe(1500);
  });
});

describe(`an offer whose banking numbers no key opens fails alone, clearly (${backend})`, () => {
  it('answers a JSON 500 for that offer; other offers keep working', async () => {
    const t = await buildLeaseTestApp();
    try {
      const code = await signedOffer(t);
      const other = (await createOffer(t, { email: 'other@example.com' })).code;
      const rotatedAway = createApp({ ...t.deps, config: { ...t.deps.config, bankingKeys: keyringOf([{ id: 'new', key: Buffer.alloc(32, 9) }]) } });
      const res = await rotatedAway.request(`/public-api/lease-offers/${code}/contract-data?language=en`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ success: false, error: 'The banking details of this agreement cannot be read right now. Please contact us; your agreement is safe.' });
      expect((await rotatedAway.request(`/public-api/lease-offers/${other}`)).status).toBe(200);
      expect((await rotatedAway.request(`/public-api/lease-offers/${other}/contract-data?language=fr`)).status).toBe(200);
      // With the old key listed after the new one, it reads again.
      const rotated = createApp({ ...t.deps, config: { ...t.deps.config, bankingKeys: keyringOf([{ id: 'new', key: Buffer.alloc(32, 9) }, ...[...t.deps.config.bankingKeys.byId].map(([id, key]) => ({ id, key }))]) } });
      expect((await rotated.request(`/public-api/lease-offers/${code}/contract-data?language=en`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe(`a database that is busy answers 503, not 500 (${backend})`, () => {
  it('a lock wait that timed out asks the visitor to try again in a few seconds', async () => {
    const t = await buildTestApp();
    try {
      await sql`create function busy_waitlist() returns trigger language plpgsql as $$
        begin raise exception 'canceling statement due to lock timeout' using errcode = 'lock_not_available'; end $$`.execute(t.db);
      await sql`create trigger busy_waitlist before insert on waitlist_entries for each row execute function busy_waitlist()`.execute(t.db);
      const office = await t.db.selectFrom('offices').select('id').where('office_id', '=', 'OFF-203').executeTakeFirstOrThrow();
      const res = await t.app.request('/public-api/waitlist', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer_name: 'Ana', email: 'ana@example.com', number_of_users: 1, service_offering_ids: [office.id] }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ success: false, error: 'We are busy right now. Please try again in a few seconds.' });
    } finally {
      await t.close();
    }
  });
});

describe(`details sent for an offer staff have just expired are refused (${backend})`, () => {
  it('submit-info under the lock sees the expiry and saves nothing', async () => {
    const t = await buildLeaseTestApp();
    try {
      const { code } = await createOffer(t);
      const { expireOffer, findOfferByCode, submitCustomerInfo } = await import('../../src/server/lease/lease-offers.ts');
      const offer = (await findOfferByCode(t.db, code))!;
      expect(await expireOffer(t.db, offer.id)).toBe(true);
      expect(await expireOffer(t.db, offer.id)).toBe(false);
      // The visitor's request had found the offer open a moment before.
      expect(await submitCustomerInfo(t.db, offer.id, { ...companyInfo, province: 'QC' }, testNow)).toBe('closed');
      expect(await t.db.selectFrom('lease_customer_info').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe(`signing an offer that closed meanwhile (${backend})`, () => {
  it('signing under the lock sees the expiry and records no signature', async () => {
    const t = await buildLeaseTestApp();
    try {
      const { code } = await createOffer(t);
      const { expireOffer, findOfferByCode, signOffer, submitCustomerInfo } = await import('../../src/server/lease/lease-offers.ts');
      const offer = (await findOfferByCode(t.db, code))!;
      expect(await submitCustomerInfo(t.db, offer.id, { ...companyInfo, province: 'QC' }, testNow)).toBe('saved');
      expect(await expireOffer(t.db, offer.id)).toBe(true);
      // The visitor's request had found the offer open, with its company information, a moment before.
      const record = { signature: 'data:image/png;base64,AAAA', banking: { transit_number: '12345', institution_number: '001', account_number: '1234567' }, language: 'en' as const, ipAddress: '198.51.100.7', userAgent: 'test', now: testNow, provider: 'test' as const };
      expect(await signOffer(t.db, testBankingKeys, offer.id, record)).toBe('closed');
      expect(await t.db.selectFrom('lease_signatures').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe(`production headers (${backend})`, () => {
  it('sends HSTS in production only', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.request('/public-api/offices/available')).headers.get('strict-transport-security')).toBeNull();
      const production = createApp({ ...t.deps, config: { ...t.deps.config, production: true } });
      expect((await production.request('/public-api/offices/available')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
