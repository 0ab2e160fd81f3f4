import { sql, type Kysely } from 'kysely';

/**
 * After the sale (issue: receipts and messages):
 * - an order remembers who paid (from the checkout) and gets a receipt number when paid; a
 *   refund gets a credit-note number; each series counts per year in document_counters, in
 *   the payment's (or refund's) own transaction, so numbers are gapless and never reused;
 * - a waitlist entry remembers the visitor's language, for its acknowledgement;
 * - a signature records that the French version was offered before an English signature
 *   (Charter of the French language, s. 55);
 * - the outbox: a message is a row written in the same transaction as the event that causes
 *   it, sent later by a worker that claims rows in short transactions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column buyer_name text,
    add column buyer_email text,
    add column receipt_number text unique`.execute(db);
  await sql`alter table refunds add column credit_note_number text unique`.execute(db);
  await sql`alter table waitlist_entries add column language text check (language in ('en','fr'))`.execute(db);
  await sql`alter table lease_signatures add column french_offered_at timestamptz`.execute(db);

  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull().check(sql`series in ('receipt','credit_note')`))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'year'])
    .execute();

  await db.schema
    .createTable('outbox')
    // Also the message's Message-ID: a resend after a crash is recognisably the same message.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en','fr')`))
    /** Which records the message is about (ids only); it is rendered from them when sent. */
    .addColumn('subject_ids', 'jsonb', (c) => c.notNull())
    /** A secret the message must carry (a lease offer's link), encrypted; erased once sent. */
    .addColumn('secret_encrypted', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','sent','failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    /** Retried until then (a day after it was written, or after staff asked for a retry), then failed. */
    .addColumn('give_up_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index outbox_due_idx on outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index outbox_created_idx on outbox (created_at desc)`.execute(db);
}
