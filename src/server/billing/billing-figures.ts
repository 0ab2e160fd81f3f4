import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { owedSql } from './invoice-records.ts';

/**
 * The billing's figures for GET /metrics, of every instance as the database has them: invoices
 * issued, those that owe nothing now (paid, or credited in full: owedSql's rule), and payments that
 * failed (a declined try, a debit the bank returned).
 */
export async function invoiceCounts(db: Db): Promise<{ issued: number; paid: number; paymentsFailed: number }> {
  return db
    .selectFrom('invoices as i')
    .select([
      sql<number>`count(*)::int`.as('issued'),
      sql<number>`(count(*) filter (where ${owedSql('i')} <= 0))::int`.as('paid'),
      sql<number>`(select count(*) from invoice_payments p where p.status in ('failed', 'returned'))::int`.as('paymentsFailed'),
    ])
    .executeTakeFirstOrThrow();
}
