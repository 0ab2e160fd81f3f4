import { sql, type Kysely } from 'kysely';

/**
 * Rentals pay every month (issue: monthly billing):
 * - a rental: what a paid rental or subscription order (or, later, a signed lease) bills every
 *   month: its unit, customer, monthly amount as sold, first day not yet invoiced, the last month
 *   paid in advance, the card on file at the provider, and its end once one is set;
 * - an invoice: the sales document of one period of a rental, numbered in its own gapless series
 *   per year; one per rental and period, ever (a unique key decides between two instances);
 * - a payment of an invoice: a row, never a document (card charge, PAD debit, or one staff
 *   recorded). One open payment attempt per invoice at most (a partial unique index), so two
 *   instances or a retry racing Pay now never charge twice;
 * - Pay now is a payment row opened with a checkout session at the provider (its id and address
 *   kept on the row, so a second tap opens the same page); Change card is a setup session;
 * - the built-in test checkout keeps the cards it saved and the charges it made in the database,
 *   so that they survive a restart and every instance sees the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rentals (
    id text primary key,
    order_id text unique references orders (id),
    office_id integer not null references offices (id),
    product text not null,
    service_type text not null,
    unit_name text not null,
    customer_name text not null,
    customer_email text not null,
    language text not null check (language in ('en','fr')),
    monthly_cents integer not null check (monthly_cents >= 0),
    prepaid_last_month_cents integer not null default 0 check (prepaid_last_month_cents >= 0),
    start_date date not null,
    minimum_term_months integer,
    billing_day integer not null default 1 check (billing_day between 1 and 28),
    next_period_start date not null,
    provider text not null check (provider in ('stripe','test')),
    provider_customer_id text,
    payment_method_id text,
    ends_on date,
    ended_at timestamptz,
    end_reason text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index rentals_due_idx on rentals (next_period_start) where ended_at is null`.execute(db);

  await sql`create table invoices (
    id text primary key,
    number text not null unique,
    rental_id text not null references rentals (id),
    period_start date not null,
    period_end date not null,
    final boolean not null default false,
    lines jsonb not null,
    subtotal_cents integer not null,
    gst_cents integer not null,
    qst_cents integer not null,
    total_cents integer not null,
    issued_at timestamptz not null,
    unique (rental_id, period_start)
  )`.execute(db);

  await sql`create table invoice_payments (
    id text primary key,
    invoice_id text not null references invoices (id),
    method text not null check (method in ('card','pad','cheque','etransfer')),
    trigger text not null check (trigger in ('billing_day','retry','retry_now','pay_now','staff')),
    status text not null check (status in ('open','succeeded','failed')),
    amount_cents integer not null check (amount_cents >= 0),
    provider_payment_id text,
    payment_method_id text,
    checkout_session_id text unique,
    checkout_url text,
    failure_reason text,
    reference text,
    recorded_by text,
    created_at timestamptz not null,
    settled_at timestamptz
  )`.execute(db);
  await sql`create unique index invoice_payments_one_open_idx on invoice_payments (invoice_id) where status = 'open'`.execute(db);
  await sql`create index invoice_payments_invoice_idx on invoice_payments (invoice_id)`.execute(db);

  // Change card: a setup session at the provider, whose completion makes its card the rental's.
  await sql`create table card_changes (
    id text primary key,
    rental_id text not null references rentals (id),
    checkout_session_id text unique,
    checkout_url text,
    status text not null check (status in ('open','saved','expired','failed')),
    expires_at timestamptz not null,
    created_at timestamptz not null,
    settled_at timestamptz
  )`.execute(db);

  // A final invoice paid from the prepaid last month refunds what that month leaves over; an
  // invoice paid twice (a Pay now that lands after staff recorded a cheque) gives the second back.
  await sql`alter table refunds
    add column invoice_payment_id text references invoice_payments (id),
    drop constraint refunds_reason_check,
    add constraint refunds_reason_check check (reason in ('paid_after_taken','cancelled','prepaid_surplus','paid_twice'))`.execute(db);

  await sql`alter table document_counters
    drop constraint if exists document_counters_series_check,
    add constraint document_counters_series_check check (series in ('receipt','credit_note','invoice'))`.execute(db);

  await sql`create table test_payment_cards (
    id text primary key,
    customer_id text not null,
    last4 text not null,
    behaviour text not null check (behaviour in ('succeeds','declines','needs_authentication')),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create table test_payment_charges (
    id text primary key,
    idempotency_key text not null unique,
    card_id text not null references test_payment_cards (id),
    amount_cents integer not null,
    status text not null check (status in ('succeeded','failed')),
    failure_code text,
    metadata jsonb not null,
    created_at timestamptz not null
  )`.execute(db);
}
