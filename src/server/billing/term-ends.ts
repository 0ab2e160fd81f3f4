import { sql } from 'kysely';
import { site } from '../../shared/site.ts';
import { addDays } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { termEndDate } from '../../shared/domain/lease-payment.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { tellTermEnding } from './billing-mail.ts';

/*
 * A lease's term ends (the contract's section 3): 60 days before (site.pad.termEndNoticeDays) the
 * tenant and staff are told, once, that it goes on month to month at the same rent, by the same
 * PAD agreement, unless either gives notice 30 days before. Nothing else happens at the term's
 * end: the tenancy is open-ended, and only notice or staff's End rental ends it.
 */

/** Days before the term's end by which the contract asks for notice to end it then. */
const contractNoticeDays = 30;

export async function announceTermEnds(deps: { db: Db; clock: () => Date; keyring: BankingKeyring }, limit: number): Promise<number> {
  const now = deps.clock();
  const today = spaceToday(now);
  const open = await deps.db
    .selectFrom('rentals')
    .select(['id', 'minimum_term_months', sql<string>`start_date::text`.as('start_date')])
    .where('pays_by', '=', 'pad')
    .where('ended_at', 'is', null)
    .where('ends_on', 'is', null)
    .where('term_end_notice_at', 'is', null)
    .where('minimum_term_months', 'is not', null)
    .orderBy('start_date')
    .execute();
  let told = 0;
  for (const rental of open) {
    if (told >= limit) break;
    const termEndsOn = termEndDate(rental.start_date, rental.minimum_term_months!);
    // Not yet; and a term already over (a lease adopted late) has nothing left to announce.
    if (addDays(termEndsOn, -site.pad.termEndNoticeDays) > today || termEndsOn < today) continue;
    const done = await deps.db.transaction().execute(async (trx) => {
      // Whoever marks it first tells: another instance's round finds it marked.
      const marked = await trx.updateTable('rentals').set({ term_end_notice_at: now }).where('id', '=', rental.id).where('term_end_notice_at', 'is', null).returning('id').executeTakeFirst();
      if (!marked) return false;
      await tellTermEnding(trx, deps.keyring, { rentalId: rental.id, termMonths: rental.minimum_term_months!, termEndsOn, noticeBy: addDays(termEndsOn, -contractNoticeDays) }, now);
      return true;
    });
    if (done) told++;
  }
  return told;
}
