import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_name', 'text', (c) => c.notNull().check(sql`length(customer_name) between 1 and 200`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('phone', 'text')
    .addColumn('number_of_users', 'integer', (c) => c.notNull().check(sql`number_of_users >= 1`))
    .addColumn('budget_min_cents', 'integer', (c) => c.check(sql`budget_min_cents >= 0`))
    .addColumn('budget_max_cents', 'integer', (c) => c.check(sql`budget_max_cents >= 0`))
    .addColumn('desired_start_date', 'date')
    // The unique key is what makes a replayed request store nothing new, even when replays race.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('waitlist_entries_budget_order', sql`budget_min_cents is null or budget_max_cents is null or budget_min_cents <= budget_max_cents`)
    .addCheckConstraint('waitlist_entries_key_has_hash', sql`(idempotency_key is null) = (request_hash is null)`)
    .execute();
  await db.schema
    .createTable('waitlist_entry_offices')
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
    .addColumn('office_id', 'integer', (c) => c.notNull().references('offices.id'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position between 1 and 3`))
    .addPrimaryKeyConstraint('waitlist_entry_offices_pk', ['entry_id', 'office_id'])
    .addUniqueConstraint('waitlist_entry_offices_position', ['entry_id', 'position'])
    .execute();
  await db.schema.createIndex('waitlist_entry_offices_office_idx').on('waitlist_entry_offices').column('office_id').execute();
}
