import { sql } from 'kysely';
import type { IsoDate } from '../../shared/domain/time.ts';
import type { Db } from '../db/database.ts';
import { takesItsDays } from '../reservations/takes-days.ts';
import { lockUnit, releaseExpiredHolds } from '../reservations/unit-lock.ts';
import { openOfferOf } from '../waitlist/unit-offers.ts';

/*
 * The units of a lease offer, as its signing takes them: booked from the later of its start and
 * the signing day, open-ended (a lease renews month to month after its term until notice is
 * given), under the same unit locks and exclusion constraint as a checkout's reservations.
 */

export interface OfferUnit {
  id: number;
  name: string;
  service_type: string;
  retired: boolean;
}

/**
 * Takes the lock of each of an offer's units, in id order (as every taker of several does, so
 * none waits on another in a circle), and reads them. An offer's units never change, so they are
 * read before any lock; whether one is retired is read after its lock.
 */
export async function lockOfferUnits(trx: Db, offerId: number): Promise<OfferUnit[]> {
  const ids = await trx.selectFrom('lease_offer_services').select('office_id').where('offer_id', '=', offerId).orderBy('office_id').execute();
  for (const { office_id } of ids) await lockUnit(trx, office_id);
  if (ids.length === 0) return [];
  return trx
    .selectFrom('offices')
    .select(['id', 'name', 'service_type', sql<boolean>`retired_at is not null`.as('retired')])
    .where(
      'id',
      'in',
      ids.map((i) => i.office_id),
    )
    .orderBy('id')
    .execute();
}

/**
 * The names of the units someone else takes from `from` on: a booking or a hold still running
 * (a checkout), or a waitlist offer still in its claim window. Run under the units' locks.
 */
export async function unitsTakenFrom(trx: Db, units: readonly OfferUnit[], from: IsoDate, now: Date): Promise<string[]> {
  const taken: string[] = [];
  for (const unit of units) {
    // An offer whose claim window has run out (the round closes it within seconds) holds nothing, as for a checkout.
    const offer = await openOfferOf(trx, unit.id);
    if (offer && new Date(offer.expires_at).getTime() > now.getTime()) {
      taken.push(unit.name);
      continue;
    }
    await releaseExpiredHolds(trx, unit.id, now);
    const booked = await trx
      .selectFrom('reservations as r')
      .select('r.id')
      .where('r.office_id', '=', unit.id)
      .where(takesItsDays(now, 'r'))
      .where(sql<boolean>`daterange(r.start_date, r.end_date, '[)') && daterange(${from}::date, null, '[)')`)
      .limit(1)
      .executeTakeFirst();
    if (booked) taken.push(unit.name);
  }
  return taken;
}

/**
 * Books the units for the lease from `from`, open-ended, and takes them off sale: the list shows
 * each by its lease's end (`termEnd`), which SPEC §4's ladder reads as 'Long-term lease' until
 * 180 days before it, then 'Lease End'.
 */
export async function takeUnits(trx: Db, offerId: number, units: readonly OfferUnit[], from: IsoDate, termEnd: IsoDate, now: Date): Promise<void> {
  if (units.length === 0) return;
  await trx
    .insertInto('reservations')
    .values(units.map((u) => ({ order_id: null, lease_offer_id: offerId, office_id: u.id, kind: 'rental' as const, start_date: from, end_date: null, status: 'booked' as const, expires_at: null, created_at: now })))
    .execute();
  await trx
    .updateTable('offices')
    .set({ is_available: false, next_available_date: termEnd, updated_at: now })
    .where(
      'id',
      'in',
      units.map((u) => u.id),
    )
    .execute();
}

/**
 * The names of an offer's units that are not free from `from` on, for staff creating it: booked,
 * held or offered to the waitlist by then, or marked unavailable until later (signing refuses
 * the first three; the last is staff's own word, told so they can check it).
 */
export async function unitsNotFreeFrom(db: Db, unitIds: readonly number[], from: IsoDate, now: Date): Promise<string[]> {
  if (unitIds.length === 0) return [];
  const rows = await db
    .selectFrom('offices as f')
    .select(['f.name'])
    .where('f.id', 'in', [...unitIds])
    .where((eb) =>
      eb.or([
        sql<boolean>`not f.is_available and (f.next_available_date is null or f.next_available_date > ${from}::date)`,
        eb.exists(eb.selectFrom('waitlist_offers as w').select('w.id').whereRef('w.office_id', '=', 'f.id').where('w.status', '=', 'open')),
        eb.exists(
          eb
            .selectFrom('reservations as r')
            .select('r.id')
            .whereRef('r.office_id', '=', 'f.id')
            .where(takesItsDays(now, 'r'))
            .where(sql<boolean>`daterange(r.start_date, r.end_date, '[)') && daterange(${from}::date, null, '[)')`),
        ),
      ]),
    )
    .orderBy('f.id')
    .execute();
  return rows.map((r) => r.name);
}
