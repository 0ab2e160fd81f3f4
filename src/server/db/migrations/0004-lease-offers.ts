import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lease_offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Only the SHA-256 of the code is kept: a copy of the database does not open any offer.
    .addColumn('code_hash', 'text', (c) => c.notNull().unique().check(sql`code_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('new').check(sql`status in ('new','contract_generated','signed','expired')`),
    )
    .addColumn('monthly_rate_cents', 'integer', (c) => c.notNull().check(sql`monthly_rate_cents >= 0`))
    .addColumn('monthly_discount_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`monthly_discount_cents >= 0`))
    .addColumn('signup_discount_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`signup_discount_cents >= 0`))
    .addColumn('lease_term_months', 'integer', (c) => c.notNull().check(sql`lease_term_months between 1 and 120`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('move_in_fee_type', 'text', (c) =>
      c.notNull().defaultTo('monthly_rate').check(sql`move_in_fee_type in ('monthly_rate','fixed_amount','none')`),
    )
    .addColumn('move_in_fee_amount_cents', 'integer', (c) => c.check(sql`move_in_fee_amount_cents >= 0`))
    .addColumn('contract_language', 'text', (c) => c.notNull().defaultTo('en').check(sql`contract_language in ('en','fr')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('lease_offers_fixed_fee_has_amount', sql`move_in_fee_type <> 'fixed_amount' or move_in_fee_amount_cents is not null`)
    .execute();

  await db.schema
    .createTable('lease_offer_services')
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('lease_offers.id').onDelete('cascade'))
    .addColumn('office_id', 'integer', (c) => c.notNull().references('offices.id'))
    .addPrimaryKeyConstraint('lease_offer_services_pk', ['offer_id', 'office_id'])
    .execute();

  await db.schema
    .createTable('lease_customer_info')
    .addColumn('offer_id', 'integer', (c) => c.primaryKey().references('lease_offers.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) =>
      c.notNull().check(sql`province in ('QC','ON','BC','AB','MB','SK','NS','NB','NL','PE','NT','YT','NU')`),
    )
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // One row per offer: the primary key is what makes a second signature impossible.
  await db.schema
    .createTable('lease_signatures')
    .addColumn('offer_id', 'integer', (c) => c.primaryKey().references('lease_offers.id').onDelete('cascade'))
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('signature_png', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en','fr')`))
    .addColumn('contract_text', 'text', (c) => c.notNull())
    .addColumn('contract_sha256', 'text', (c) => c.notNull().check(sql`contract_sha256 ~ '^[0-9a-f]{64}$'`))
    // AES-256-GCM of the three banking numbers; never stored in clear.
    .addColumn('banking_encrypted', 'text', (c) => c.notNull())
    .execute();
}
