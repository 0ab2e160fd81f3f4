/**
 * The books at size, for `npm run bench`: a generated year (2026) of a SEED_UNITS space, written
 * straight into the tables (every monthly unit rented from a month of the year and invoiced each
 * month after, paid by card, by PAD or by cheque, some declined, returned, paid twice, credited or
 * refunded; conference rooms and day passes sold most days, some days cancelled; a waitlist with
 * its offers), then each book of the year asked of the app as a manager asks for it, on PGlite and,
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database
 * there: its time, and the documents it sums a second.
 */
import { sql } from 'kysely';
import { freshPostgresDatabase } from '../tests/api/test-app.ts';
import { createApp } from '../src/server/app.ts';
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/database.ts';
import { seedDemo } from '../src/server/db/seed.ts';
import { defaultMaxUnpaidHolds, defaultRateLimits } from '../src/server/deps.ts';
import { testCheckoutProvider } from '../src/server/payments/test-checkout.ts';
import { keyringOf } from '../src/server/secrets/banking-keys.ts';

export interface BooksFigures {
  backend: 'pglite' | 'postgresql';
  /** Each book: its answer's time (the best of three), its size, the documents it covers, and whether the second's budget applies (a year's books; not a month's PDFs). */
  books: { name: string; ms: number; bytes: number; documents: number; budgeted: boolean }[];
}

const token = 'bench-admin-token-0123456789abcdef';
const now = new Date('2027-01-05T15:00:00Z');
const year = { from: '2026-01-01', to: '2026-12-31' };
const taxed = (cents: string) => sql.raw(`${cents}, round(${cents} * 0.05)::int, round(${cents} * 0.09975)::int, ${cents} + round(${cents} * 0.05)::int + round(${cents} * 0.09975)::int`);

/** A year of activity, as the server would have written it. */
async function generateYear(db: Db, units: number): Promise<void> {
  await seedDemo(db, '2026-01-01', units);
  await sql`update offices set is_available = true, next_available_date = null`.execute(db);
  const monthly = sql`service_type in ('dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot', 'mailbox')`;
  // Nine units in ten rented, from the 1st of a month of the year, each sold at checkout (its receipt).
  await sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote, booking_date, locale,
      success_url, cancel_url, status, expires_at, created_at, paid_at, buyer_name, buyer_email, receipt_number)
    select 'o' || id, 'test', id, 'standard', 'monthly', name, service_type, s.total, jsonb_build_object('lines', '[]'::jsonb, 'dates', '[]'::jsonb, 'subtotal', s.subtotal, 'gst', s.gst, 'qst', s.qst, 'total', s.total),
      start::date, 'en', 'http://bench/s', 'http://bench/c', 'paid', start, start, start, 'Tenant ' || id, 'tenant' || id || '@example.com', '2026-R' || lpad(id::text, 6, '0')
    from (select id, name, service_type, make_date(2026, 1 + id % 12, 1)::timestamptz + interval '15 hours' as start, coalesce((base_monthly_rate * 100)::int, 10000) as rate
          from offices where ${monthly} and id % 10 <> 0) o,
      lateral (select ${taxed('o.rate * 2')}) as s(subtotal, gst, qst, total)`.execute(db);
  await sql`insert into rentals (id, order_id, office_id, product, service_type, unit_name, customer_name, customer_email, language, monthly_cents,
      prepaid_last_month_cents, start_date, billing_day, next_period_start, provider, created_at)
    select 'r' || o.office_id, o.id, o.office_id, 'standard', o.service_type, o.office_name, o.buyer_name, o.buyer_email, 'en', coalesce((f.base_monthly_rate * 100)::int, 10000),
      0, o.paid_at::date, 1, '2027-01-01', 'test', o.paid_at from orders o join offices f on f.id = o.office_id`.execute(db);
  await sql`insert into reservations (order_id, office_id, kind, start_date, end_date, status, created_at)
    select o.id, o.office_id, 'rental', o.paid_at::date, null, 'booked', o.paid_at from orders o`.execute(db);
  // Each month after the first invoiced on its 1st.
  await sql`insert into invoices (id, number, rental_id, period_start, period_end, lines, subtotal_cents, gst_cents, qst_cents, total_cents, issued_at)
    select 'i' || r.office_id || '-' || m, 'F-2026-' || lpad((row_number() over (order by m, r.office_id))::text, 6, '0'), r.id, make_date(2026, m, 1), (make_date(2026, m, 1) + interval '1 month - 1 day')::date,
      jsonb_build_array(jsonb_build_object('item', 'monthly_rent', 'cents', r.monthly_cents)), t.subtotal, t.gst, t.qst, t.total, make_date(2026, m, 1)::timestamptz + interval '6 hours'
    from rentals r, generate_series(1, 12) m, lateral (select ${taxed('r.monthly_cents')}) as t(subtotal, gst, qst, total)
    where make_date(2026, m, 1) > r.start_date`.execute(db);
  for (let m = 1; m <= 12; m++) {
    await sql`insert into pad_files (id, file_number, payment_date, debit_count, total_cents, content_sealed, created_by, created_at)
      values (${`f${m}`}, ${m}, ${`2026-${String(m).padStart(2, '0')}-03`}, 1, 1, 'bench', 'bench', ${new Date(Date.UTC(2026, m - 1, 2))})`.execute(db);
  }
  // Paid: by card mostly, by PAD one in five, by cheque one in twenty; one in thirty declined first; one in a hundred unpaid.
  await sql`insert into invoice_payments (id, invoice_id, method, trigger, status, amount_cents, created_at, settled_at, pad_file_id, reference)
    select 'p' || i.id, i.id, m.method, case m.method when 'pad' then 'pad_file' when 'cheque' then 'staff' else 'billing_day' end, 'succeeded', i.total_cents,
      i.issued_at, i.issued_at + interval '3 days', case m.method when 'pad' then 'f' || extract(month from i.period_start)::int end, case m.method when 'cheque' then 'CHQ' end
    from invoices i, lateral (select case when hashtext(i.id) % 20 = 0 then 'cheque' when hashtext(i.id) % 5 = 0 then 'pad' else 'card' end as method) m
    where hashtext(i.id) % 100 <> 1`.execute(db);
  await sql`insert into invoice_payments (id, invoice_id, method, trigger, status, amount_cents, created_at, settled_at, failure_reason)
    select 'x' || i.id, i.id, 'card', 'billing_day', 'failed', i.total_cents, i.issued_at - interval '1 hour', i.issued_at - interval '1 hour', 'card_declined'
    from invoices i where hashtext(i.id) % 30 = 0`.execute(db);
  // PAD debits returned after they stood, one in forty.
  await sql`update invoice_payments set status = 'returned', return_code = '901', returned_at = settled_at + interval '8 days'
    where method = 'pad' and hashtext(id) % 40 = 0`.execute(db);
  // Paid twice, one in two hundred: the second payment refunded.
  await sql`insert into invoice_payments (id, invoice_id, method, trigger, status, amount_cents, created_at, settled_at)
    select 'd' || i.id, i.id, 'card', 'pay_now', 'succeeded', i.total_cents, i.issued_at + interval '4 days', i.issued_at + interval '4 days'
    from invoices i where hashtext(i.id) % 200 = 7`.execute(db);
  await sql`insert into refunds (id, order_id, amount_cents, reason, status, invoice_payment_id, next_attempt_at, created_at, refunded_at, amounts)
    select 'rd' || p.id, r.order_id, p.amount_cents, 'paid_twice', 'succeeded', p.id, p.settled_at, p.settled_at, p.settled_at + interval '1 day',
      jsonb_build_object('lines', '[]'::jsonb, 'subtotal', p.amount_cents, 'gst', 0, 'qst', 0, 'total', p.amount_cents)
    from invoice_payments p join invoices i on i.id = p.invoice_id join rentals r on r.id = i.rental_id where p.id like 'd%'`.execute(db);
  // Credit notes against invoices, one in sixty (a rental ended early: half the month).
  await sql`insert into invoice_credits (id, invoice_id, credit_note_number, reason, period_start, period_end, lines, subtotal_cents, gst_cents, qst_cents, total_cents, created_at)
    select 'c' || i.id, i.id, 'NC-2026-I' || lpad((row_number() over (order by i.id))::text, 6, '0'), 'ended_early', i.period_start + 15, i.period_end,
      jsonb_build_array(jsonb_build_object('item', 'monthly_rent', 'cents', i.subtotal_cents / 2)), t.subtotal, t.gst, t.qst, t.total, i.issued_at + interval '15 days'
    from invoices i, lateral (select ${taxed('i.subtotal_cents / 2')}) as t(subtotal, gst, qst, total) where hashtext(i.id) % 60 = 3`.execute(db);
  // Rooms and passes: each sold on three days in four, every day of the year; one day in twenty cancelled and refunded.
  await sql`insert into orders (id, provider, office_id, product, rental_type, office_name, service_type, total_cents, quote, booking_date, locale,
      success_url, cancel_url, status, expires_at, created_at, paid_at, buyer_name, buyer_email, receipt_number)
    select 'd' || o.id || '-' || d::date, 'test', o.id, case o.service_type when 'day_pass' then 'day_pass' else 'conference_room' end, 'daily', o.name, o.service_type, s.total,
      jsonb_build_object('lines', jsonb_build_array(jsonb_build_object('item', 'day', 'date', d::date::text, 'cents', s.subtotal)), 'dates', jsonb_build_array(d::date::text), 'subtotal', s.subtotal, 'gst', s.gst, 'qst', s.qst, 'total', s.total),
      d::date, 'fr', 'http://bench/s', 'http://bench/c', 'paid', d - interval '2 days', d - interval '2 days', d - interval '2 days' + interval '15 hours',
      'Visitor ' || o.id, 'visitor' || o.id || '@example.com', 'R-' || o.id || '-' || to_char(d, 'MMDD')
    from offices o, generate_series('2026-01-03'::timestamptz, '2026-12-31'::timestamptz, interval '1 day') d,
      lateral (select ${taxed('coalesce((o.base_monthly_rate * 100)::int, 5000)')}) as s(subtotal, gst, qst, total)
    where o.service_type in ('conference_room', 'day_pass') and hashtext(o.id || '-' || d::date) % 4 <> 0`.execute(db);
  await sql`insert into reservations (order_id, office_id, kind, start_date, end_date, status, created_at)
    select o.id, o.office_id, 'day', o.booking_date, o.booking_date + 1, 'booked', o.created_at from orders o where o.rental_type = 'daily'`.execute(db);
  await sql`insert into refunds (id, order_id, amount_cents, reason, status, next_attempt_at, created_at, refunded_at, credit_note_number, amounts)
    select 'rc' || o.id, o.id, o.total_cents, 'cancelled', 'succeeded', o.paid_at, o.paid_at + interval '1 day', o.paid_at + interval '2 days', 'NC-2026-' || o.id,
      o.quote - 'dates' from orders o where o.rental_type = 'daily' and hashtext(o.id) % 20 = 0`.execute(db);
  // The waitlist: an entry a day, for a unit rented; half claimed or lapsed after an offer.
  await sql`insert into waitlist_entries (customer_name, email, number_of_users, created_at)
    select 'Waiting ' || n, 'waiting' || n || '@example.com', 1, make_date(2026, 1, 1)::timestamptz + (n || ' days')::interval from generate_series(0, 360) n`.execute(db);
  await sql`insert into waitlist_entry_offices (entry_id, office_id, position)
    select e.id, (select o.id from offices o where ${monthly} order by o.id offset (e.id * 7) % greatest(1, (select count(*) from offices where ${monthly})) limit 1), 1 from waitlist_entries e`.execute(db);
  await sql`analyze`.execute(db);
}

async function measure(backend: BooksFigures['backend'], units: number, databaseUrl: string): Promise<BooksFigures> {
  const db = await openDatabase(databaseUrl, '');
  try {
    await migrateToLatest(db);
    await generateYear(db, units);
    const app = createApp({
      db,
      clock: () => now,
      payments: testCheckoutProvider(db),
      config: {
        production: false,
        trustedProxies: 0,
        publicOrigins: [],
        adminToken: token,
        rateLimits: defaultRateLimits,
        maxUnpaidHoldsPerClient: defaultMaxUnpaidHolds,
        bankingKeys: keyringOf([{ id: 'bench', key: Buffer.alloc(32, 5) }]),
      },
    });
    const query = `from=${year.from}&to=${year.to}`;
    const documentsIn = async (from: string, to: string) => {
      const res = await app.request(`/admin-api/books/documents?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { documents: unknown[] }).documents.length;
    };
    const inYear = await documentsIn(year.from, year.to);
    const books = [
      ['the period report', `/admin-api/books/report?${query}`, inYear],
      ['the accountant’s CSV', `/admin-api/books/documents.csv?${query}`, inYear],
      ['Xero’s invoices CSV', `/admin-api/books/xero-invoices.csv?${query}`, inYear],
      ['occupancy and revenue', `/admin-api/books/occupancy?${query}`, inYear],
      ['receivables', '/admin-api/books/receivables', inYear],
      ['December’s PDFs (ZIP)', '/admin-api/books/documents.zip?from=2026-12-01&to=2026-12-31', await documentsIn('2026-12-01', '2026-12-31')],
    ] as const;
    const figures: BooksFigures['books'] = [];
    for (const [name, path, documents] of books) {
      let best = Number.POSITIVE_INFINITY;
      let bytes = 0;
      // A month's PDFs take a while to draw: once.
      for (let run = 0; run < (path.includes('.zip') ? 1 : 3); run++) {
        const started = performance.now();
        const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
        best = Math.min(best, performance.now() - started);
        bytes = body.byteLength;
      }
      figures.push({ name, ms: best, bytes, documents, budgeted: !path.includes('.zip') });
    }
    return { backend, books: figures };
  } finally {
    await db.destroy();
  }
}

export async function booksBench(units: number): Promise<BooksFigures[]> {
  const results = [await measure('pglite', units, 'memory')];
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const fresh = await freshPostgresDatabase(serverUrl, 'bench');
    try {
      results.push(await measure('postgresql', units, fresh.url));
    } finally {
      await fresh.drop();
    }
  }
  return results;
}
