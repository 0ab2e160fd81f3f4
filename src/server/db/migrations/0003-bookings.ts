import { sql, type Kysely } from 'kysely';

/**
 * Orders, and the holds and bookings that reserve units for them. A reservation is a row per
 * (unit, day) for the day-based products and one open-ended row per rental; the exclusion
 * constraint makes two active reservations of the same unit over the same days impossible,
 * whichever request gets there first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe','test')`))
    .addColumn('office_id', 'integer', (c) => c.notNull().references('offices.id'))
    .addColumn('product', 'text', (c) =>
      c.notNull().check(sql`product in ('office_monthly','office_lease','office_daily','standard','conference_room','day_pass','mailbox')`),
    )
    .addColumn('rental_type', 'text', (c) => c.notNull())
    .addColumn('office_name', 'text', (c) => c.notNull())
    .addColumn('service_type', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents > 0`))
    .addColumn('quote', 'jsonb', (c) => c.notNull())
    .addColumn('booking_date', 'date', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('en','fr')`))
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','paid','cancelled','expired','failed')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('office_id', 'integer', (c) => c.notNull().references('offices.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('day','rental')`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    // Null for a rental: it runs until staff end it.
    .addColumn('end_date', 'date')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('held','booked','released')`))
    // A hold lapses with its checkout session; a booking does not lapse.
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('reservations_day_is_one_day', sql`kind <> 'day' or end_date = start_date + 1`)
    .addCheckConstraint('reservations_hold_expires', sql`status <> 'held' or expires_at is not null`)
    .execute();
  // Ranges have GiST support built in, so this needs no extension (btree_gist) on either PostgreSQL or PGlite.
  await sql`alter table reservations add constraint reservations_no_double_booking
    exclude using gist (int4range(office_id, office_id, '[]') with &&, daterange(start_date, end_date, '[)') with &&)
    where (status in ('held', 'booked'))`.execute(db);
  await db.schema.createIndex('reservations_order_idx').on('reservations').column('order_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
