import { sql, type Kysely } from 'kysely';

/**
 * Managing a booking without an account (issue: the manage link):
 * - a paid order has a private manage link: the hash of its token to look it up, and the token
 *   sealed under the server's key so the success page and a resent e-mail can show it again;
 * - a booked day can be cancelled: its reservation becomes 'cancelled' (no longer held, so the
 *   day is free again at once) and a refund row gives its money back;
 * - a refund is either a late payment's or a cancellation's; it remembers what it refunds (the
 *   lines and each tax, for its credit note) and the Idempotency-Key of the request that asked
 *   for it, so a repeated request finds it instead of refunding twice;
 * - a rental given notice remembers the day of the notice and its last day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column manage_token_hash text unique,
    add column manage_token_sealed text,
    add column notice_given_on date,
    add column rental_ends_on date,
    add column notice_key text,
    add constraint orders_refund_reason_check check (refund_reason is null or refund_reason in ('paid_after_taken','cancelled'))`.execute(db);

  await sql`alter table reservations
    add column cancelled_at timestamptz,
    drop constraint reservations_status_check,
    add constraint reservations_status_check check (status in ('held','booked','released','cancelled'))`.execute(db);

  await sql`alter table refunds
    add column amounts jsonb,
    add column idempotency_key text,
    drop constraint refunds_reason_check,
    add constraint refunds_reason_check check (reason in ('paid_after_taken','cancelled'))`.execute(db);
  await sql`create unique index refunds_request_idx on refunds (order_id, idempotency_key) where idempotency_key is not null`.execute(db);
}
