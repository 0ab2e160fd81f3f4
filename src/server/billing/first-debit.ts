import { sql } from 'kysely';
import type { IsoDate } from '../../shared/domain/time.ts';
import type { Db } from '../db/database.ts';

/**
 * The day a tenancy's initial debit was announced for, signing's e-mail or an adopted tenancy's
 * first invoice: the due day of its initial invoice, which startTenancy writes with the rental
 * (the notice's days from the day it was made). No later debit of the tenancy comes before it
 * (padDebitDay). Undefined for a rental that has no invoice yet, which no tenancy is.
 */
export async function firstDebitDay(trx: Db, rentalId: string): Promise<IsoDate | undefined> {
  const initial = await trx
    .selectFrom('invoices')
    .select(sql<string>`due_on::text`.as('due_on'))
    .where('rental_id', '=', rentalId)
    .where('kind', '=', 'period')
    .where('due_on', 'is not', null)
    .orderBy('period_start')
    .limit(1)
    .executeTakeFirst();
  return initial?.due_on;
}
