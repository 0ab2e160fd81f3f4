import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The first key of the advisory locks that make changes of one unit's holds and bookings take turns. */
const reservationLockSpace = 7301;

/**
 * Every change to a unit's holds and bookings takes this lock first, for the length of its
 * transaction: checkouts, payments, releases and waitlist offers of one unit take turns, in one
 * order (a client's lock, then the unit's, then rows), so they can never wait on each other in a
 * circle.
 */
export async function lockUnit(trx: Db, unitId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${reservationLockSpace}, ${unitId})`.execute(trx);
}

/**
 * Holds of a unit whose time is up stop holding (the constraint counts every held row, whatever
 * its time); their orders are marked expired. Run under the unit's lock, before anything that
 * places a hold.
 */
export async function releaseExpiredHolds(db: Db, unitId: number, now: Date): Promise<void> {
  await sql`with r as (
      update reservations set status = 'released'
      where office_id = ${unitId} and status = 'held' and expires_at <= ${now} returning order_id)
    update orders set status = 'expired' where id in (select order_id from r) and status = 'pending'`.execute(db);
}
