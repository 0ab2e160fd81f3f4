import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { buildCheckout } from '../../src/shared/contract/checkout.ts';
import { contractDataResponse } from '../../src/shared/contract/lease.ts';
import { officesResponse, type Office } from '../../src/shared/contract/offices.ts';
import { startServerProcess, type ServerProcess } from '../api/server-process.ts';
import { freshPostgresDatabase, testNow } from '../api/test-app.ts';
import { companyInfo, signature, validBanking } from '../api/lease-fixtures.ts';
import { startSmtpServer } from '../api/smtp-server.ts';
import { waitlistEntryFor } from '../api/test-app.ts';
import { hashManageToken } from '../../src/server/billing/manage-link.ts';
import { rentThroughCheckout, unitsToRent, type Renter } from './rentals-fixture.ts';

/**
 * Two server processes on one PostgreSQL database, as a fleet runs: what they must share lives
 * in the database (holds, idempotency keys, the guessing limit) or in their configuration
 * (BANKING_KEYS, ADMIN_TOKEN).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The fleet tests need a PostgreSQL server: set TEST_DATABASE_URL');

const adminToken = 'fleet-admin-token-0123456789abcdef';
const origin = 'http://localhost:5173';

describe('two instances on one PostgreSQL', () => {
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const instances = () => [a, b];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const fresh = await freshPostgresDatabase(serverUrl, 'fleet');
    url = fresh.url;
    dropDatabase = fresh.drop;
    const env = {
      DATABASE_URL: url,
      APP_NOW: testNow.toISOString(),
      ADMIN_TOKEN: adminToken,
      BANKING_KEYS: `fleet:${Buffer.alloc(32, 11).toString('base64')}`,
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: '1',
      RATE_LIMIT_BROWSE_PER_MINUTE: '1000000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
      MAX_UNPAID_HOLDS_PER_CLIENT: '1000000',
      SEED: 'demo',
      SMTP_URL: smtp.url,
    };
    // Both start at once on the empty database, as two instances of a deployment do.
    const dataDir = (name: string) => mkdtempSync(join(tmpdir(), `coworking-fleet-${name}-`));
    [a, b] = await Promise.all([startServerProcess({ ...env, DATA_DIR: dataDir('a') }), startServerProcess({ ...env, DATA_DIR: dataDir('b') })]);
    db = await openDatabase(url, '');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances().map((s) => s?.stop()));
    await db?.destroy();
    await dropDatabase?.();
    await smtp?.close();
  });

  it('sends each message once, whichever instance wrote it and both instances sending', async () => {
    const offices = await sql<{ id: number }>`select id from offices where office_id in ('OFF-103', 'OFF-201') order by id`.execute(db);
    const ids = offices.rows.map((o) => o.id);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${instances()[i % 2]!.url}/public-api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ ...waitlistEntryFor(ids), email: `fleet${i}@example.com` }),
      });
      expect(res.status).toBe(201);
    }
    const pending = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox where kind in ('waitlist_received', 'staff_waitlist_entry') and status <> 'sent'`.execute(db)).rows[0]!.n;
    await expect.poll(pending, { timeout: 60_000, interval: 200 }).toBe(0);
    const waitlistMail = smtp.received.filter((m) => /waitlist|liste d/i.test(m.parsed.subject ?? ''));
    expect(waitlistMail).toHaveLength(20);
    expect(new Set(waitlistMail.map((m) => m.parsed.messageId)).size).toBe(20);
    for (let i = 0; i < 10; i++) expect(waitlistMail.filter((m) => m.envelopeTo.includes(`fleet${i}@example.com`))).toHaveLength(1);
  }, 90_000);

  it('seeded the demo once, whichever started first', async () => {
    const seeded = instances().filter((s) => s.output().includes('Seeded the demo inventory.'));
    expect(seeded).toHaveLength(1);
    const count = await sql<{ n: number }>`select count(*)::int as n from offices`.execute(db);
    expect(count.rows[0]!.n).toBe(25);
  });

  it('50 checkouts of one room and date across both: exactly one hold, 49 × 409 already booked', async () => {
    const list = officesResponse.parse(await (await fetch(`${a.url}/public-api/offices/available`)).json()).data!.offices;
    const room = list.find((o: Office) => o.office_id === 'CONF-B')!;
    const { request } = buildCheckout(room, { product: 'conference_room', date: '2026-11-26' }, { today: '2026-11-23', origin })!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${instances()[i % 2]!.url}/public-api/stripe/create-checkout-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          body: JSON.stringify(request),
        }),
      ),
    );
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } })));
    expect(bodies.filter((x) => x.status === 200)).toHaveLength(1);
    const refused = bodies.filter((x) => x.status === 409);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body.error).toBe('Meeting Room Mont-Royal is already booked on 2026-11-26. Please choose another date.');
    const holds = await sql<{ n: number }>`select count(*)::int as n from reservations r join offices o on o.id = r.office_id
      where o.office_id = 'CONF-B' and r.start_date = '2026-11-26' and r.status = 'held'`.execute(db);
    expect(holds.rows[0]!.n).toBe(1);
  }, 60_000);

  it('a booking’s manage link is the same from both; cancelled through both at once, it is cancelled and refunded once', async () => {
    const list = officesResponse.parse(await (await fetch(`${a.url}/public-api/offices/available`)).json()).data!.offices;
    const room = list.find((o: Office) => o.office_id === 'CONF-A')!;
    const { request } = buildCheckout(room, { product: 'conference_room', date: '2026-11-27' }, { today: '2026-11-23', origin })!;
    const created = (await (await fetch(`${a.url}/public-api/stripe/create-checkout-session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) })).json()) as { checkoutUrl: string };
    const sessionId = created.checkoutUrl.split('/').pop()!;
    const paid = await fetch(`${a.url}/public-api/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ buyer_name: 'Fleet Buyer', buyer_email: 'fleet-buyer@example.com', card_number: '4242424242424242' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const tokens = await Promise.all(instances().map(async (s) => ((await (await fetch(`${s.url}/public-api/orders/${sessionId}`)).json()) as { manageToken: string }).manageToken));
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]).toBe(tokens[0]);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${instances()[i % 2]!.url}/public-api/bookings/${tokens[0]}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `fleet-cancel-${i}`, 'x-forwarded-for': `198.51.100.${200 + i}` },
          body: JSON.stringify({ dates: ['2026-11-27'] }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refunds = await sql<{ n: number; status: string }>`select count(*)::int as n, min(f.status) as status from refunds f join orders o on o.id = f.order_id where o.session_id = ${sessionId}`.execute(db);
    expect(refunds.rows[0]).toEqual({ n: 1, status: 'succeeded' });
    const free = (await (await fetch(`${b.url}/public-api/calendar/availability?officeId=CONF-A&startDate=2026-11-27&endDate=2026-11-27`)).json()) as { bookedDates: string[] };
    expect(free.bookedDates).toEqual([]);
  }, 60_000);

  it('one waitlist Idempotency-Key sent to both at once makes one entry', async () => {
    const office = await sql<{ id: number }>`select id from offices where office_id = 'OFF-203'`.execute(db);
    const entry = { customer_name: 'Fleet Visitor', email: 'fleet@example.com', number_of_users: 2, service_offering_ids: [office.rows[0]!.id] };
    const key = `fleet-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all(
      instances().flatMap((s) =>
        [0, 1].map(() =>
          fetch(`${s.url}/public-api/waitlist`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(entry) }),
        ),
      ),
    );
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: number }).id));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(ids).size).toBe(1);
    const rows = await sql<{ n: number }>`select count(*)::int as n from waitlist_entries where idempotency_key = ${key}`.execute(db);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('made one demo staff account though both started at once; a staff session from one works on the other until signed out', async () => {
    const accounts = await sql<{ n: number }>`select count(*)::int as n from staff_accounts`.execute(db);
    expect(accounts.rows[0]!.n).toBe(1);
    const password = 'fleet staff password';
    const token = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const added = await fetch(`${a.url}/admin-api/staff`, { method: 'POST', headers: token, body: JSON.stringify({ email: 'fleet.staff@example.com', password }) });
    expect(added.status).toBe(201);
    const signIn = await fetch(`${b.url}/admin-api/session`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'fleet.staff@example.com', password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    for (const s of instances()) expect((await fetch(`${s.url}/admin-api/session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${a.url}/admin-api/session`, { method: 'DELETE', headers: { cookie, origin } })).status).toBe(200);
    for (const s of instances()) expect((await fetch(`${s.url}/admin-api/session`, { headers: { cookie } })).status).toBe(401);
  });

  it('the guessing limit is one count for the whole fleet', async () => {
    const ip = '203.0.113.99';
    const guess = (s: ServerProcess) => fetch(`${s.url}/public-api/lease-offers/${randomBytes(18).toString('base64url')}`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 30; i++) expect((await guess(instances()[i % 2]!)).status).toBe(404);
    expect((await guess(a)).status).toBe(429);
    expect((await guess(b)).status).toBe(429);
  });

  it('an offer signed through one instance is read, banking numbers included, through the other', async () => {
    const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${a.url}/admin-api/lease-offers`, { method: 'POST', headers, body: JSON.stringify({ email: 'fleet-tenant@example.com', office_ids: ['OFF-101'], start_date: '2026-12-01', monthly_rate: 1200 }) })).json()) as { code: string; url: string };
    expect(created.url).toBe(`${origin}/lease/${created.code}`);
    const post = (s: ServerProcess, path: string, body: unknown) => fetch(`${s.url}/public-api/lease-offers/${created.code}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(a, 'submit-info', companyInfo)).status).toBe(200);
    expect((await post(a, 'complete-signing', { signature, banking: validBanking })).status).toBe(200);
    const read = await fetch(`${b.url}/public-api/lease-offers/${created.code}/contract-data?language=en`);
    expect(read.status).toBe(200);
    const { contract } = contractDataResponse.parse(await read.json());
    expect(JSON.stringify(contract.variables)).toContain('****2101');
    const pdf = await fetch(`${b.url}/public-api/lease-offers/${created.code}/download-pdf?language=fr`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a unit marked available through both at once, 20 times, is offered once; an offer whose window ends is passed on once by the two rounds', async () => {
    const unit = (await sql<{ id: number }>`select id from offices where office_id = 'OFF-202'`.execute(db)).rows[0]!.id;
    const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    // Two people wait for it, each through another instance.
    for (const [i, s] of instances().entries()) {
      const res = await fetch(`${s.url}/public-api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${150 + i}` },
        body: JSON.stringify({ customer_name: `Fleet Waiter ${i}`, email: `fleet-waiter-${i}@example.com`, number_of_users: 1, service_offering_ids: [unit] }),
      });
      expect(res.status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${instances()[i % 2]!.url}/admin-api/units/${unit}`, { method: 'PATCH', headers, body: JSON.stringify({ is_available: true, next_available_date: null }) }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const offers = async () =>
      (await sql<{ entry_id: number; status: string }>`select entry_id, status from waitlist_offers where office_id = ${unit} order by id`.execute(db)).rows;
    const first = await offers();
    expect(first.map((o) => o.status)).toEqual(['open']);
    const oldest = (await sql<{ id: number }>`select e.id from waitlist_entries e join waitlist_entry_offices w on w.entry_id = e.id
      where w.office_id = ${unit} order by e.created_at, e.id limit 1`.execute(db)).rows[0]!.id;
    expect(first[0]!.entry_id).toBe(oldest);
    const offerMail = () => smtp.received.filter((m) => m.parsed.messageId && /held for you|vous est réservé/i.test(m.parsed.subject ?? ''));
    await expect.poll(() => offerMail().length, { timeout: 30_000, interval: 200 }).toBe(1);

    // Its window ends now: each instance's round (every 15 s) sees it; one closes it and offers the unit to the next.
    // (The instances' clocks started at testNow.)
    const past = new Date(testNow.getTime() - 60_000);
    await sql`update waitlist_offers set expires_at = ${past} where office_id = ${unit} and status = 'open'`.execute(db);
    await sql`update reservations set expires_at = ${past} where offer_id is not null and office_id = ${unit} and status = 'held'`.execute(db);
    await expect.poll(async () => (await offers()).map((o) => o.status), { timeout: 45_000, interval: 500 }).toEqual(['expired', 'open']);
    await expect.poll(() => offerMail().length, { timeout: 30_000, interval: 200 }).toBe(2);
    // Both instances saw the lapsed offer; whichever came second found it passed on. A whole round
    // of each later (they run every 15 s), still one open offer and one more e-mail.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    expect((await offers()).map((o) => o.status)).toEqual(['expired', 'open']);
    expect(offerMail()).toHaveLength(2);
  }, 150_000);

  it('every instance ends long statements and lock waits instead of holding the pool', async () => {
    const settings = await sql<{ statement_timeout: string; lock_timeout: string }>`select current_setting('statement_timeout') as statement_timeout, current_setting('lock_timeout') as lock_timeout`.execute(db);
    expect(settings.rows[0]).toEqual({ statement_timeout: '15s', lock_timeout: '5s' });
  });
});

describe('two instances on one PostgreSQL, restarted on the 1st: the billing round of 50 rentals', () => {
  const rentalCount = 50;
  const renters: Renter[] = Array.from({ length: rentalCount }, (_, i) => ({
    name: `Fleet Renter ${i + 1}`,
    email: `fleet-renter-${i + 1}@example.com`,
    locale: i % 2 === 0 ? 'en' : 'fr',
  }));
  /** 9 a.m. at the space (EST, UTC−5) on 1 December: the day December is invoiced. */
  const firstOfDecember = '2026-12-01T14:00:00Z';
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let servers: ServerProcess[] = [];

  /** A deploy: the instances running are stopped, then two start at once on the database, their clocks at `now`. */
  async function restartBoth(now: string): Promise<void> {
    await Promise.all(servers.map((s) => s.stop()));
    const env = {
      DATABASE_URL: url,
      APP_NOW: now,
      ADMIN_TOKEN: adminToken,
      BANKING_KEYS: `fleet:${Buffer.alloc(32, 11).toString('base64')}`,
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: '1',
      RATE_LIMIT_BROWSE_PER_MINUTE: '1000000',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
      MAX_UNPAID_HOLDS_PER_CLIENT: '1000000',
      SEED: 'demo',
      // Enough units on sale now for 50 rentals by the month (the demo's 25 have six).
      SEED_UNITS: '200',
      SMTP_URL: smtp.url,
    };
    const dataDir = (name: string) => mkdtempSync(join(tmpdir(), `coworking-fleet-billing-${name}-`));
    servers = await Promise.all(['a', 'b'].map((name) => startServerProcess({ ...env, DATA_DIR: dataDir(name) })));
  }

  const count = async (query: RawBuilder<{ n: number }>) => (await query.execute(db)).rows[0]!.n;
  const unsentMail = () => count(sql<{ n: number }>`select count(*)::int as n from outbox where status <> 'sent'`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const fresh = await freshPostgresDatabase(serverUrl, 'fleet_billing');
    url = fresh.url;
    dropDatabase = fresh.drop;
    db = await openDatabase(url, '');
    // 23 November: 50 customers rent a unit by the month through the public checkout, half through
    // each instance, paying with a card the test checkout keeps; each rental's next period is December.
    await restartBoth(testNow.toISOString());
    const today = '2026-11-23';
    const units = await unitsToRent(servers[0]!, today, origin);
    if (units.length < rentalCount) throw new Error(`only ${units.length} units to rent`);
    await Promise.all(
      units.slice(0, rentalCount).map((unit, i) => rentThroughCheckout(servers[i % 2]!, unit, renters[i]!, { today, origin, ip: `192.0.2.${i + 1}` })),
    );
    // Their confirmations go before the instances are stopped, so none is left half sent.
    const deadline = Date.now() + 60_000;
    while ((await unsentMail()) > 0) {
      if (Date.now() > deadline) throw new Error('the checkouts’ e-mails were not all sent within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.destroy();
    await dropDatabase?.();
    await smtp?.close();
  });

  /** The invoice e-mails the SMTP server received: those whose Message-ID is an invoice_paid row's. */
  async function invoiceMailReceived() {
    const rows = await db.selectFrom('outbox').select('id').where('kind', '=', 'invoice_paid').execute();
    const ids = new Set(rows.map((r) => r.id));
    return smtp.received.filter((m) => ids.has((m.parsed.messageId ?? '').replace(/^<|@.*$/g, '')));
  }

  it('both starting on 1 December: one invoice per rental and period, numbered without gap, one charge and one e-mail each', async () => {
    const rentals = await sql<{ id: string; order_id: string | null; customer_email: string; provider_customer_id: string | null; payment_method_id: string | null; next_period_start: string }>`
      select id, order_id, customer_email, provider_customer_id, payment_method_id, next_period_start::text from rentals where pays_by = 'card'`.execute(db);
    expect(rentals.rows).toHaveLength(rentalCount);
    for (const r of rentals.rows) {
      expect(r).toMatchObject({ next_period_start: '2026-12-01', provider_customer_id: expect.stringMatching(/^test_cus_/), payment_method_id: expect.stringMatching(/^test_pm_/) });
      expect(r.order_id).not.toBeNull();
    }
    expect(new Set(rentals.rows.map((r) => r.customer_email))).toEqual(new Set(renters.map((r) => r.email)));
    // The demo's signed lease is a tenancy paid by PAD, whose initial invoice was issued at its signing: the round bills the cards.
    expect(await count(sql<{ n: number }>`select count(*)::int as n from invoices i join rentals r on r.id = i.rental_id where r.pays_by = 'card'`)).toBe(0);
    const issuedBefore = await count(sql<{ n: number }>`select count(*)::int as n from invoices`);

    // A deploy on the 1st: both instances start at once, and each runs the billing round at start.
    await restartBoth(firstOfDecember);
    const progress = async () =>
      (await sql<{ invoices: number; settled: number }>`select count(*)::int as invoices,
        (count(*) filter (where exists (select 1 from invoice_payments p where p.invoice_id = i.id and p.status <> 'open')))::int as settled
        from invoices i join rentals r on r.id = i.rental_id where r.pays_by = 'card'`.execute(db)).rows[0]!;
    await expect.poll(progress, { timeout: 60_000, interval: 250 }).toSatisfy((p: { invoices: number; settled: number }) => p.invoices >= rentalCount && p.settled === p.invoices);

    const invoices = await sql<{ id: string; number: string; rental_id: string; period_start: string; period_end: string; total_cents: number }>`
      select i.id, i.number, i.rental_id, i.period_start::text, i.period_end::text, i.total_cents from invoices i join rentals r on r.id = i.rental_id where r.pays_by = 'card' order by i.number`.execute(db);
    expect(invoices.rows).toHaveLength(rentalCount);
    // One series for every invoice, numbered without a gap whoever issued each.
    const numbers = (await sql<{ number: string }>`select number from invoices order by number`.execute(db)).rows.map((i) => i.number);
    expect(numbers).toEqual(Array.from({ length: issuedBefore + rentalCount }, (_, i) => `F-2026-${String(i + 1).padStart(6, '0')}`));
    expect(new Set(invoices.rows.map((i) => i.rental_id))).toEqual(new Set(rentals.rows.map((r) => r.id)));
    for (const i of invoices.rows) expect([i.period_start, i.period_end]).toEqual(['2026-12-01', '2026-12-31']);
    const moved = await sql<{ next: string; n: number }>`select next_period_start::text as next, count(*)::int as n from rentals where pays_by = 'card' group by 1`.execute(db);
    expect(moved.rows).toEqual([{ next: '2027-01-01', n: rentalCount }]);

    const invoiceById = new Map(invoices.rows.map((i) => [i.id, i]));
    const payments = await db.selectFrom('invoice_payments').select(['id', 'invoice_id', 'status', 'trigger', 'amount_cents', 'provider_payment_id']).execute();
    expect(payments).toHaveLength(rentalCount);
    expect(new Set(payments.map((p) => p.invoice_id))).toEqual(new Set(invoiceById.keys()));
    for (const p of payments) expect(p).toMatchObject({ status: 'succeeded', trigger: 'billing_day', amount_cents: invoiceById.get(p.invoice_id)!.total_cents });

    // The provider charged each invoice once: one charge per invoice, under its payment row's key.
    const charges = await sql<{ id: string; idempotency_key: string; invoice_id: string; amount_cents: number; status: string }>`
      select id, idempotency_key, metadata->>'invoice_id' as invoice_id, amount_cents, status from test_payment_charges where metadata ? 'invoice_id'`.execute(db);
    expect(charges.rows).toHaveLength(rentalCount);
    expect(new Set(charges.rows.map((c) => c.invoice_id))).toEqual(new Set(invoiceById.keys()));
    const paymentOf = new Map(payments.map((p) => [p.invoice_id, p]));
    for (const c of charges.rows) {
      const p = paymentOf.get(c.invoice_id)!;
      expect(c).toMatchObject({ idempotency_key: `invoice-payment-${p.id}`, amount_cents: p.amount_cents, status: 'succeeded' });
      expect(p.provider_payment_id).toBe(c.id);
    }

    // One e-mail written per invoice, to its customer, and nothing else about the billing.
    const written = await sql<{ id: string; kind: string; recipient: string; invoice_id: string }>`
      select id, kind, recipient, subject_ids->>'invoiceId' as invoice_id from outbox where subject_ids ? 'invoiceId'`.execute(db);
    expect(written.rows.map((m) => m.kind)).toEqual(Array(rentalCount).fill('invoice_paid'));
    expect(new Set(written.rows.map((m) => m.invoice_id))).toEqual(new Set(invoiceById.keys()));
    const emailOfRental = new Map(rentals.rows.map((r) => [r.id, r.customer_email]));
    for (const m of written.rows) expect(m.recipient).toBe(emailOfRental.get(invoiceById.get(m.invoice_id)!.rental_id));

    // Once both mailers have sent them, each customer has received one, with their invoice and their rental's manage link.
    await expect.poll(unsentMail, { timeout: 60_000, interval: 200 }).toBe(0);
    const mail = await invoiceMailReceived();
    expect(mail).toHaveLength(rentalCount);
    expect(new Set(mail.map((m) => m.parsed.messageId)).size).toBe(rentalCount);
    const rentalOfEmail = new Map(rentals.rows.map((r) => [r.customer_email, r]));
    const numberOfRental = new Map(invoices.rows.map((i) => [i.rental_id, i.number]));
    for (const renter of renters) {
      const theirs = mail.filter((m) => m.envelopeTo.includes(renter.email));
      expect(theirs, renter.email).toHaveLength(1);
      const rental = rentalOfEmail.get(renter.email)!;
      expect(theirs[0]!.parsed.subject).toContain(numberOfRental.get(rental.id));
      expect(theirs[0]!.parsed.attachments.map((a) => a.contentType)).toContain('application/pdf');
      const token = (theirs[0]!.parsed.text ?? '').match(new RegExp(`${origin}/booking/([A-Za-z0-9_-]{43})`))?.[1];
      const order = await db.selectFrom('orders').select('manage_token_hash').where('id', '=', rental.order_id!).executeTakeFirstOrThrow();
      expect(token && hashManageToken(token)).toBe(order.manage_token_hash);
    }
    // Neither instance stumbled on the other's work (a second try refused by the unique index is logged as an error).
    for (const s of servers) expect(s.output()).not.toContain('"level":"error"');
  }, 150_000);

  it('restarted again the same day, both find nothing to do: no new invoice, charge or e-mail', async () => {
    const state = async () => ({
      invoices: (await db.selectFrom('invoices').select(['id', 'number']).orderBy('number').execute()).map((i) => `${i.number} ${i.id}`),
      payments: await count(sql<{ n: number }>`select count(*)::int as n from invoice_payments`),
      charges: await count(sql<{ n: number }>`select count(*)::int as n from test_payment_charges`),
      outbox: await count(sql<{ n: number }>`select count(*)::int as n from outbox`),
      nextPeriods: await count(sql<{ n: number }>`select count(*)::int as n from rentals where pays_by = 'card' and next_period_start = '2027-01-01'`),
      cardInvoices: await count(sql<{ n: number }>`select count(*)::int as n from invoices i join rentals r on r.id = i.rental_id where r.pays_by = 'card'`),
      received: smtp.received.length,
    });
    const before = await state();
    expect(before).toMatchObject({ payments: rentalCount, charges: rentalCount, nextPeriods: rentalCount, cardInvoices: rentalCount });
    await restartBoth(firstOfDecember);
    // Each began its round at start, before it served; with nothing due it is a few queries. Nothing
    // it did may show up while we look (its next round is a minute later), and a failure it met
    // would be in its log.
    const until = Date.now() + 5_000;
    while (Date.now() < until) {
      expect(await state()).toEqual(before);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const s of servers) expect(s.output()).not.toMatch(/"event":"billing\./);
  }, 90_000);
});
