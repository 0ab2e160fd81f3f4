import { sql, type Kysely } from 'kysely';

/**
 * What a fleet of instances must share, and what a payment that arrives too late needs:
 * - orders remember the client that placed them (hashed), for the cap on unpaid holds, and the
 *   provider's payment id, to refund it;
 * - an order paid after its days were sold is refunded: refund_pending, then refunded;
 * - refunds are rows, asked of the provider after the transaction that decided them commits,
 *   and retried until the provider says yes;
 * - rate-limit counts shared by every instance (rate-limiter-flexible's table layout).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column client_key text,
    add column payment_intent_id text,
    add column refund_reason text,
    drop constraint orders_status_check,
    add constraint orders_status_check check (status in ('pending','paid','cancelled','expired','failed','refund_pending','refunded'))`.execute(db);
  await sql`create index orders_pending_client_idx on orders (client_key) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('paid_after_taken')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','succeeded')`))
    .addColumn('provider_refund_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    // A worker that claimed the refund holds it until then; another instance takes over after.
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  // A late payment is refunded once, whoever notices it.
  await sql`create unique index refunds_one_late_payment on refunds (order_id) where reason = 'paid_after_taken'`.execute(db);
  await sql`create index refunds_due_idx on refunds (next_attempt_at) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
