import { sql, type Kysely } from 'kysely';

/*
 * Every failed card payment is heard (issue 46, points 3 and 5).
 *
 * An incident: the payment provider refusing us (our key, its rights, a request it calls
 * invalid), from the first refusal to the next answer. At most one is open (a unique index on a
 * constant, where it has not ended): two instances refused at once open it once, and staff are
 * e-mailed once, by whichever opened it.
 *
 * A rental's card_charges_from: a card first saved by Pay now, on a rental that had none, is
 * charged without the customer only for invoices issued from then on (null: every owed invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table payment_provider_incidents (
    id text primary key,
    refusal text not null check (refusal in ('authentication','permission','invalid_request')),
    code text not null,
    message text not null,
    started_at timestamptz not null,
    ended_at timestamptz
  )`.execute(db);
  await sql`create unique index payment_provider_incidents_one_open_idx on payment_provider_incidents ((true)) where ended_at is null`.execute(db);
  await sql`alter table rentals add column card_charges_from timestamptz`.execute(db);
}
