import { sql, type Kysely } from 'kysely';

/**
 * The debits of a tenancy after they are filed (issue: lease tenancies):
 * - a PAD debit the bank returns is reversed: its payment row says so, with the CPA-007 return
 *   code, and the invoice owes again;
 * - a debit returned for lack of funds may be made once more, after a new notice, together with
 *   the contract's handling fee: one re-debit per invoice (its key), and the fee is an invoice of
 *   its own, so an invoice is now of a period (one per rental and period, as before) or a fee;
 * - returns that end the account or the authorization, and a written revocation, end the
 *   agreement's debits: no debit is filed for a payment date after `pad_last_debit_on`;
 * - the term's end is announced once, 60 days ahead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoice_payments
    add column return_code text,
    add column returned_at timestamptz,
    add column return_recorded_by text,
    drop constraint invoice_payments_status_check,
    add constraint invoice_payments_status_check check (status in ('open','succeeded','failed','returned')),
    add constraint invoice_payments_returned check ((status = 'returned') = (return_code is not null and returned_at is not null)),
    add constraint invoice_payments_only_pad_returns check (status <> 'returned' or method = 'pad')`.execute(db);

  await sql`alter table invoices
    add column kind text not null default 'period' check (kind in ('period','fee')),
    drop constraint invoices_rental_id_period_start_key`.execute(db);
  await sql`create unique index invoices_one_per_period_idx on invoices (rental_id, period_start) where kind = 'period'`.execute(db);

  await sql`create table pad_redebits (
    invoice_id text primary key references invoices (id),
    returned_payment_id text not null unique references invoice_payments (id),
    fee_invoice_id text references invoices (id),
    debit_on date not null,
    created_at timestamptz not null
  )`.execute(db);

  await sql`alter table rentals
    add column pad_last_debit_on date,
    add column pad_stop_reason text,
    add column pad_stopped_at timestamptz,
    add column term_end_notice_at timestamptz,
    add constraint rentals_pad_stop check ((pad_last_debit_on is null) = (pad_stop_reason is null))`.execute(db);
}
