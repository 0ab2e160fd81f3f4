/**
 * The server `npm run bench` bills: the app on its own database (BENCH_DATABASE_URL, a fresh
 * PostgreSQL database; else an in-memory PGlite) with SEED_UNITS units, every one rented on a
 * saved test card, its clock on 1 December. On SIGUSR2 it runs billing rounds back to back until
 * every period due is invoiced and charged, as an instance does at start on the 1st, while it goes
 * on answering requests; then prints the round's figures as one JSON line.
 */
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { createApp } from '../src/server/app.ts';
import { runBillingRound } from '../src/server/billing/round.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { defaultMaxUnpaidHolds, defaultRateLimits } from '../src/server/deps.ts';
import { createUnitListCache } from '../src/server/http/unit-list-cache.ts';
import { testCheckoutProvider } from '../src/server/payments/test-checkout.ts';
import { keyringOf } from '../src/server/secrets/banking-keys.ts';

const units = Number(process.env.SEED_UNITS ?? 2000);
const now = new Date('2026-12-01T14:00:00Z');
const clock = () => now;
const db = await openDatabase(process.env.BENCH_DATABASE_URL ?? 'memory', '');
await migrateToLatest(db);
await seedDemo(db, '2026-11-20', units);
// Every unit rented since 20 November, its card saved: December is due for each.
await sql`insert into test_payment_cards (id, customer_id, last4, behaviour, created_at)
  select 'bench_pm_' || id, 'bench_cus_' || id, '4242', 'succeeds', ${now} from offices`.execute(db);
// Each rental sold at checkout, as a rental is: its paid order (a rental has an order or a lease).
await sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote, booking_date, locale,
    success_url, cancel_url, status, expires_at, created_at, paid_at)
  select 'bench_order_' || id, 'test', id, case when service_type = 'mailbox' then 'mailbox' else 'standard' end, 'monthly', name, service_type, coalesce((base_monthly_rate * 100)::int, 10000),
    '{}', '2026-11-20', 'en', 'http://bench/success', 'http://bench/cancel', 'paid', ${now}, ${now}, ${now}
  from offices`.execute(db);
await sql`insert into rentals (id, order_id, office_id, product, service_type, unit_name, customer_name, customer_email, language, monthly_cents,
    prepaid_last_month_cents, start_date, billing_day, next_period_start, provider, provider_customer_id, payment_method_id, created_at)
  select 'bench_rental_' || id, 'bench_order_' || id, id, case when service_type = 'mailbox' then 'mailbox' else 'standard' end, service_type, name,
    'Bench Tenant ' || id, 'tenant' || id || '@example.com', case when id % 2 = 0 then 'fr' else 'en' end,
    coalesce((base_monthly_rate * 100)::int, 10000), coalesce((base_monthly_rate * 100)::int, 10000), '2026-11-20', 1, '2026-12-01', 'test',
    'bench_cus_' || id, 'bench_pm_' || id, ${now}
  from offices`.execute(db);
const rentals = Number((await sql<{ n: string }>`select count(*) as n from rentals`.execute(db)).rows[0]!.n);

const keyring = keyringOf([{ id: 'bench', key: Buffer.alloc(32, 5) }]);
const payments = testCheckoutProvider(db);
const unitList = createUnitListCache(db);
const app = createApp(
  {
    db,
    clock,
    payments,
    config: {
      production: false,
      trustedProxies: 0,
      publicOrigins: [],
      adminToken: 'bench-admin-token-0123456789abcdef',
      rateLimits: { ...defaultRateLimits, browse: { max: 100_000_000, windowMs: 60_000 } },
      maxUnpaidHoldsPerClient: defaultMaxUnpaidHolds,
      bankingKeys: keyring,
    },
  },
  { unitList },
);

process.on('SIGUSR2', () => {
  void (async () => {
    const started = performance.now();
    const totals = { rounds: 0, issued: 0, succeeded: 0, failed: 0 };
    for (;;) {
      const r = await runBillingRound({ db, clock, payments, keyring });
      totals.rounds++;
      totals.issued += r.issued;
      totals.succeeded += r.succeeded;
      totals.failed += r.failed;
      if (r.issued + r.succeeded + r.failed === 0) break;
    }
    console.log(`round ${JSON.stringify({ ms: Math.round(performance.now() - started), rentals, ...totals })}`);
  })();
});

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log(`ready: ${rentals} rentals`));
