import { sql, type Kysely } from 'kysely';

/**
 * Staff end a rental at once (monthly billing): an invoice is corrected by a credit note of its
 * own, in the existing credit-note series, that lowers what it owes without touching it:
 * - 'ended_early': the days of the current period after the rental's last day;
 * - 'prepaid_last_month': the last month paid in advance at checkout, applied to an invoice still
 *   owed (its GST and QST come off that invoice, as they were collected on the receipt).
 * What a credit leaves beyond what the invoice owed goes back to the payments that paid it, as a
 * refund row ('ended_early') asked of the provider like every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table invoice_credits (
    id text primary key,
    invoice_id text not null references invoices (id),
    credit_note_number text not null unique,
    reason text not null check (reason in ('ended_early','prepaid_last_month')),
    -- The days it credits (ended_early), or the invoice's own (prepaid_last_month): its lines' names.
    period_start date not null,
    period_end date not null,
    lines jsonb not null,
    subtotal_cents integer not null check (subtotal_cents > 0),
    gst_cents integer not null,
    qst_cents integer not null,
    total_cents integer not null check (total_cents > 0),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index invoice_credits_invoice_idx on invoice_credits (invoice_id)`.execute(db);
  await sql`alter table refunds
    drop constraint refunds_reason_check,
    add constraint refunds_reason_check check (reason in ('paid_after_taken','cancelled','prepaid_surplus','paid_twice','ended_early'))`.execute(db);
}
