import { sql, type Kysely } from 'kysely';

/**
 * The books (issue: the books) read documents and money by the day they are dated: each of those
 * dates is indexed, so a month's report reads that month's rows, not a year's. The receivables
 * find an invoice's last reminder among the outbox's messages by the invoice it is about.
 * Occupancy counts a unit from the day staff added it (null: in the inventory from the start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offices add column created_at timestamptz`.execute(db);
  await sql`create index orders_receipts_paid_at_idx on orders (paid_at) where receipt_number is not null`.execute(db);
  await sql`create index invoices_issued_at_idx on invoices (issued_at)`.execute(db);
  await sql`create index refunds_created_at_idx on refunds (created_at) where credit_note_number is not null`.execute(db);
  await sql`create index refunds_refunded_at_idx on refunds (refunded_at) where status = 'succeeded'`.execute(db);
  await sql`create index invoice_credits_created_at_idx on invoice_credits (created_at)`.execute(db);
  await sql`create index invoice_payments_settled_at_idx on invoice_payments (settled_at) where status in ('succeeded', 'returned')`.execute(db);
  await sql`create index invoice_payments_returned_at_idx on invoice_payments (returned_at) where status = 'returned'`.execute(db);
  await sql`create index outbox_invoice_reminders_idx on outbox ((subject_ids->>'invoiceId'), created_at) where kind in ('invoice_payment_failed', 'pad_debit_returned')`.execute(db);
}

