import { sql, type Kysely } from 'kysely';

/*
 * Pay now for several invoices at once (issue 46, point 5): the customer paying one invoice may
 * pay the rental's other owed ones in the same checkout. Each invoice keeps its own payment row
 * (its own amount, its own paid e-mail); the rows of the others name the row the checkout was
 * opened for (its session, its metadata), which settles, abandons or fails them with it. Null: a
 * row that is its own checkout (every row before this one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoice_payments add column pay_now_group text references invoice_payments (id)`.execute(db);
  await sql`create index invoice_payments_pay_now_group_idx on invoice_payments (pay_now_group) where pay_now_group is not null`.execute(db);
}
