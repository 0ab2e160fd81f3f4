import { sql, type Kysely } from 'kysely';

/**
 * A waitlist that fills a unit by itself (issue: the waitlist that offers freed units):
 * - when a unit frees up, the oldest waiting entry that names it is offered it: an offer row with
 *   its claim window (the deadline said in the e-mail, and when its hold ends: later only while a
 *   checkout started before the deadline can still be paid, or at once when its person claimed
 *   another unit), and the hashes of its two links (claim, not interested; the tokens exist in
 *   clear only in the e-mail's sealed secret). One open offer per unit, ever: a unique index.
 * - while it is open, the unit is held for that person by the same exclusion constraint that stops
 *   double booking: a reservation that belongs to the offer instead of an order.
 * - each (entry, unit) pair remembers where it stands: waiting, offered, declined, expired,
 *   skipped by staff, claimed; an entry remembers when it was claimed or left, and the hash of its
 *   leave-the-waitlist link.
 * - an order placed through a claim link names its offer; staff can pause offering for a unit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table waitlist_entries
    add column left_at timestamptz,
    add column claimed_at timestamptz,
    add column leave_token_hash text unique`.execute(db);

  await sql`alter table waitlist_entry_offices
    add column status text not null default 'waiting',
    add constraint waitlist_entry_offices_status_check check (status in ('waiting','offered','declined','expired','skipped','claimed'))`.execute(db);
  await sql`create index waitlist_entry_offices_queue_idx on waitlist_entry_offices (office_id) where status = 'waiting'`.execute(db);

  await sql`alter table offices add column waitlist_paused_at timestamptz`.execute(db);

  await sql`create table waitlist_offers (
    id bigserial primary key,
    entry_id integer not null references waitlist_entries (id) on delete cascade,
    office_id integer not null references offices (id),
    status text not null check (status in ('open','claimed','declined','expired','skipped','withdrawn')),
    offered_at timestamptz not null,
    deadline_at timestamptz not null,
    expires_at timestamptz not null,
    closed_at timestamptz,
    claim_token_hash text not null unique,
    decline_token_hash text not null unique,
    order_id text references orders (id),
    offered_by text not null,
    check ((status = 'open') = (closed_at is null))
  )`.execute(db);
  await sql`create unique index waitlist_offers_one_open_per_unit on waitlist_offers (office_id) where status = 'open'`.execute(db);
  await sql`create index waitlist_offers_due_idx on waitlist_offers (expires_at) where status = 'open'`.execute(db);
  await sql`create index waitlist_offers_entry_idx on waitlist_offers (entry_id)`.execute(db);

  await sql`alter table orders add column waitlist_offer_id bigint references waitlist_offers (id) on delete set null`.execute(db);

  await sql`alter table reservations
    alter column order_id drop not null,
    add column offer_id bigint references waitlist_offers (id) on delete cascade,
    add constraint reservations_order_or_offer check ((order_id is null) <> (offer_id is null))`.execute(db);
  await sql`create index reservations_offer_idx on reservations (offer_id) where offer_id is not null`.execute(db);
}
