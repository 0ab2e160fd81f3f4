import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('office_id', 'text', (c) => c.notNull().unique())
    .addColumn('service_code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`service_type in ('dedicated_office','assigned_desk','hotdesk','parking_spot','mailbox','conference_room','day_pass')`,
        ),
    )
    .addColumn('location_code', 'text')
    .addColumn('seating_capacity', 'integer', (c) => c.check(sql`seating_capacity > 0`))
    .addColumn('base_monthly_rate', sql`numeric(10,2)`, (c) => c.check(sql`base_monthly_rate >= 0`))
    .addColumn('is_available', 'boolean', (c) => c.notNull())
    .addColumn('next_available_date', 'date')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('offices_service_type_idx').on('offices').column('service_type').execute();
}
