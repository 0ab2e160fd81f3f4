import { sql } from 'kysely';
import { problem } from '../../shared/contract/problems.ts';
import { addDays, type IsoDate } from '../../shared/domain/time.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { settleRentalEnd } from '../billing/end-at-once.ts';
import { lockRental } from '../billing/rental-locks.ts';
import { endedBefore, recordEnded, refused, type EndAtOnceResult } from '../bookings/end-rental.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import type { StaffActor } from '../staff/actor.ts';
import { lockOfferUnits } from './tenancy-units.ts';

/*
 * Staff end a tenancy (a signed lease paid by PAD), as they end a card rental
 * (bookings/end-rental.ts), in one transaction under its units' locks and its rows' (rental-locks.ts):
 * - under its contract: on the day staff give (the term's end, or the day agreed with the
 *   tenant), never before today; the round invoices the last period prorated to that day;
 * - at once: today is its last day, the billed month's unused days credited.
 * Either way an invoice already issued for a later period (a month is invoiced on the 20th
 * before) is credited whole, a debit whose amount that changes waits for its notice (this end's
 * e-mail), every unit of the lease is free from the day after, and the audit row is written with
 * the answer. A debit already filed is left to settle or come back as any other.
 */

export type TenancyEnd = { mode: 'now'; reason: string } | { mode: 'contract'; endsOn: IsoDate; reason: string };

export async function endTenancy(db: Db, keyring: BankingKeyring, actor: StaffActor, rentalId: string, request: TenancyEnd, key: string, now: Date): Promise<EndAtOnceResult> {
  return db.transaction().execute(async (trx): Promise<EndAtOnceResult> => {
    const found = await trx.selectFrom('rentals').select(['lease_offer_id', 'pays_by']).where('id', '=', rentalId).executeTakeFirst();
    if (!found) return refused('no_rental');
    if (found.lease_offer_id === null || found.pays_by !== 'pad') return refused('not_a_pad_tenancy');
    const units = await lockOfferUnits(trx, found.lease_offer_id);
    const earlier = await endedBefore(trx, rentalId, key);
    if (earlier) return earlier;
    const held = (await lockRental(trx, rentalId))!;
    const rental = await trx
      .selectFrom('rentals')
      .select(['id', 'monthly_cents', 'prepaid_last_month_cents', 'ended_at', 'pays_by'])
      .select([sql<string>`next_period_start::text`.as('next_period_start'), sql<string | null>`ends_on::text`.as('ends_on'), sql<string>`start_date::text`.as('start_date')])
      .where('id', '=', rentalId)
      .executeTakeFirstOrThrow();
    const today = spaceToday(now);
    if (rental.ended_at !== null || (rental.ends_on !== null && rental.ends_on < today)) return refused('rental_already_ended');
    // An end set under the contract is moved only sooner, by ending at once: its credit notes stand.
    if (rental.ends_on !== null && request.mode === 'contract') return { kind: 'refused', problem: problem('tenancy_end_set', { endsOn: rental.ends_on }) };
    const lastDay = request.mode === 'now' ? today : request.endsOn;
    // A tenancy not begun has no day to end on: its last day is its first at the earliest.
    if (lastDay < rental.start_date) return { kind: 'refused', problem: problem('tenancy_not_begun', { startsOn: rental.start_date }) };

    await trx
      .updateTable('rentals')
      .set({ ends_on: lastDay, end_reason: request.reason, ended_at: request.mode === 'now' ? now : null })
      .where('id', '=', rentalId)
      .execute();
    const freeFrom = addDays(lastDay, 1);
    await trx.updateTable('reservations').set({ end_date: freeFrom }).where('lease_offer_id', '=', found.lease_offer_id).where('kind', '=', 'rental').where('status', '=', 'booked').execute();
    if (units.length > 0) {
      await trx
        .updateTable('offices')
        .set({ next_available_date: freeFrom, updated_at: now })
        .where(
          'id',
          'in',
          units.map((u) => u.id),
        )
        .where('is_available', '=', false)
        .execute();
    }
    const ended = await settleRentalEnd(trx, keyring, { ...rental, order_id: null }, { lastDay, atOnce: request.mode === 'now', invoiceIds: held.invoiceIds }, now);
    await recordEnded(trx, actor, rentalId, { mode: request.mode, reason: request.reason, endsOn: lastDay, key, ...ended }, now);
    return { kind: 'ended', endsOn: lastDay, ...ended, replay: false };
  });
}
