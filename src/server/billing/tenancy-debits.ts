import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { padDebitOnSql } from './invoice-records.ts';
import { debitLeftSql } from './pad-files.ts';

/**
 * What a tenancy's invoices say of their debits (all of them, or one): the day a debit is filed
 * for or will be made on, and the latest return's code. A debit not filed yet is made if the
 * invoice has one left and the agreement still stands on its day: the PAD file's own rule, read by
 * the manage page and by the invoice's PDF alike.
 */
export async function tenancyDebitsOf(db: Db, rentalId: string, lastDebitOn: string | null, invoiceId?: string) {
  let query = db
    .selectFrom('invoices as i')
    .leftJoin('pad_redebits as rd', 'rd.invoice_id', 'i.id')
    .leftJoin('pad_debit_notices as n', 'n.invoice_id', 'i.id')
    .select([
      'i.id',
      padDebitOnSql.as('debit_on'),
      debitLeftSql.as('debit_left'),
      sql<string | null>`(select f.payment_date::text from invoice_payments p join pad_files f on f.id = p.pad_file_id where p.invoice_id = i.id and p.status = 'open')`.as('filed_for'),
      sql<string | null>`(select p.return_code from invoice_payments p where p.invoice_id = i.id and p.status = 'returned' order by p.returned_at desc limit 1)`.as('return_code'),
    ])
    .where('i.rental_id', '=', rentalId);
  if (invoiceId !== undefined) query = query.where('i.id', '=', invoiceId);
  const rows = await query.execute();
  return new Map(
    rows.map((r) => {
      const planned = r.debit_left && r.debit_on !== null && (lastDebitOn === null || r.debit_on <= lastDebitOn) ? r.debit_on : null;
      return [r.id, { debitOn: r.filed_for ?? planned, returnCode: r.return_code }];
    }),
  );
}
