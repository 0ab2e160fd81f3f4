import { sql, type Kysely } from 'kysely';

/**
 * A signed lease is a tenancy (issue: lease tenancies):
 * - its reservations take its units from the signing on, open-ended, under the same exclusion
 *   constraint as a checkout's: a reservation is now of an order, a waitlist offer or a lease;
 * - it is a rental (lease_offer_id instead of order_id) that pays by the PAD agreement signed
 *   with it; its manage link is the rental's own, since no order stands behind it;
 * - its initial invoice carries the deposits (security, key fob), which are held, not sold: the
 *   invoice says how much of its total they are, and each is recorded apart until staff return it;
 * - an invoice may be due later than the day it is issued (a PAD debit date);
 * - staff accounts have a role: managers alone make PAD files and see deposits. Accounts made
 *   before roles were all the space's managers, and stay so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reservations
    add column lease_offer_id integer references lease_offers (id),
    drop constraint reservations_order_or_offer,
    add constraint reservations_one_owner check (num_nonnulls(order_id, offer_id, lease_offer_id) = 1)`.execute(db);
  await sql`create index reservations_lease_idx on reservations (lease_offer_id) where lease_offer_id is not null`.execute(db);

  await sql`alter table rentals
    add column lease_offer_id integer unique references lease_offers (id),
    add column pays_by text not null default 'card' check (pays_by in ('card','pad')),
    add column manage_token_hash text unique,
    add column manage_token_sealed text,
    add constraint rentals_order_or_lease check (num_nonnulls(order_id, lease_offer_id) = 1)`.execute(db);

  await sql`alter table invoices
    add column due_on date,
    add column deposits_cents integer not null default 0 check (deposits_cents >= 0)`.execute(db);

  await sql`create table deposits (
    id text primary key,
    rental_id text not null references rentals (id),
    invoice_id text not null references invoices (id),
    kind text not null check (kind in ('security','key_fob')),
    amount_cents integer not null check (amount_cents > 0),
    created_at timestamptz not null,
    returned_at timestamptz,
    returned_cents integer check (returned_cents >= 0 and returned_cents <= amount_cents),
    deduction_reason text,
    returned_by text,
    unique (rental_id, kind)
  )`.execute(db);

  await sql`create table pad_files (
    id text primary key,
    file_number integer not null check (file_number between 1 and 9999),
    payment_date date not null,
    debit_count integer not null check (debit_count > 0),
    total_cents bigint not null check (total_cents > 0),
    content_sealed text not null,
    created_by text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index pad_files_date_idx on pad_files (payment_date)`.execute(db);
  // A PAD debit is a payment of its own kind: never one of the card's scheduled tries.
  await sql`alter table invoice_payments
    add column pad_file_id text references pad_files (id),
    drop constraint invoice_payments_trigger_check,
    add constraint invoice_payments_trigger_check check (trigger in ('billing_day','retry','retry_now','pay_now','staff','pad_file')),
    add constraint invoice_payments_pad_in_file check ((method = 'pad') = (pad_file_id is not null))`.execute(db);

  await sql`alter table staff_accounts add column role text not null default 'manager' check (role in ('manager','staff'))`.execute(db);
  await sql`alter table staff_accounts alter column role set default 'staff'`.execute(db);
}
