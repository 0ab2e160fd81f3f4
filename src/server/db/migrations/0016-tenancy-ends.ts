import { sql, type Kysely } from 'kysely';

/**
 * A tenancy ended by staff (issue 46): when a credit note lowers what an invoice not yet debited
 * owes, the amount its PAD debit takes is no longer the agreement's fixed one, so the debit waits
 * for its notice (Rule H1: 10 days): the day from which it may be filed, once per invoice. The
 * invoice itself, a document, is never rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table pad_debit_notices (
    invoice_id text primary key references invoices (id),
    debit_on date not null,
    created_at timestamptz not null
  )`.execute(db);
}
