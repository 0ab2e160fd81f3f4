import { sql } from 'kysely';
import type { UnitQueueEntry } from '../../shared/contract/staff-console.ts';
import type { WaitlistUnitStatus } from '../../shared/domain/waitlist-states.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { inLine } from './line.ts';

/*
 * Where people stand: an entry's place in line for each of its units, and a unit's queue. The
 * line is the entries still waiting for the unit (not left, not served by a unit already), oldest
 * first: the order offers go in (unit-offers.ts nextInLine).
 */

export interface EntryUnit {
  entry_id: number;
  id: number;
  office_id: string;
  name: string;
  service_type: string;
  status: WaitlistUnitStatus;
  /** Its place in line while waiting (1: next), else null. */
  place: number | null;
  /** While offered: when the offer ends (ISO instant). */
  offer_expires_at: string | null;
}

/** The units of these entries, each entry's in the order its person chose them. */
export async function unitsOfEntries(db: Db, entryIds: readonly number[]): Promise<EntryUnit[]> {
  if (entryIds.length === 0) return [];
  // Each line counted once (a window over the units these entries name), not once per entry:
  // an operator's thousands of entries for one unit made that quadratic.
  const rows = await db
    .with('line', (qb) =>
      qb
        .selectFrom('waitlist_entry_offices as w')
        .innerJoin('waitlist_entries as e', 'e.id', 'w.entry_id')
        .select(['w.entry_id', 'w.office_id', sql<number>`row_number() over (partition by w.office_id order by e.created_at, e.id)`.as('place')])
        .where(inLine)
        .where('w.office_id', 'in', db.selectFrom('waitlist_entry_offices').select('office_id').where('entry_id', 'in', entryIds)),
    )
    .selectFrom('waitlist_entry_offices as w')
    .innerJoin('offices as o', 'o.id', 'w.office_id')
    .leftJoin('line as l', (join) => join.onRef('l.entry_id', '=', 'w.entry_id').onRef('l.office_id', '=', 'w.office_id'))
    .leftJoin('waitlist_offers as f', (join) => join.onRef('f.entry_id', '=', 'w.entry_id').onRef('f.office_id', '=', 'w.office_id').on('f.status', '=', 'open'))
    .select(['w.entry_id', 'o.id', 'o.office_id', 'o.name', 'o.service_type', 'w.status', 'l.place', utcInstantText<string | null>('f.deadline_at').as('offer_expires_at')])
    .where('w.entry_id', 'in', entryIds)
    .orderBy('w.entry_id')
    .orderBy('w.position')
    .execute();
  return rows.map((r) => ({ ...r, place: r.place === null ? null : Number(r.place) }));
}

/** Every entry naming the unit, oldest first, with its latest offer of the unit. */
export async function queueOfUnit(db: Db, unitId: number): Promise<UnitQueueEntry[]> {
  const rows = await db
    .selectFrom('waitlist_entry_offices as w')
    .innerJoin('waitlist_entries as e', 'e.id', 'w.entry_id')
    .leftJoin('waitlist_offers as f', (join) =>
      join
        .onRef('f.entry_id', '=', 'w.entry_id')
        .onRef('f.office_id', '=', 'w.office_id')
        .on('f.id', '=', (eb) => eb.selectFrom('waitlist_offers as l').select((x) => x.fn.max('l.id').as('id')).whereRef('l.entry_id', '=', 'w.entry_id').whereRef('l.office_id', '=', 'w.office_id')),
    )
    .select([
      'e.id as entry_id',
      'e.customer_name',
      'e.email',
      utcInstantText('e.created_at').as('created_at'),
      'w.status',
      sql<boolean>`e.left_at is not null`.as('left'),
      sql<boolean>`e.claimed_at is not null`.as('claimed'),
      inLine.as('in_line'),
      sql<string | null>`f.id::text`.as('offer_id'),
      'f.status as offer_status',
      utcInstantText<string | null>('f.offered_at').as('offered_at'),
      utcInstantText<string | null>('f.expires_at').as('expires_at'),
      utcInstantText<string | null>('f.closed_at').as('closed_at'),
      'f.offered_by',
      'f.order_id',
    ])
    .where('w.office_id', '=', unitId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  // The rows are the line's order: a place is how many in line come first, plus one.
  let waiting = 0;
  return rows.map((r) => ({
    entry_id: r.entry_id,
    customer_name: r.customer_name,
    email: r.email,
    created_at: r.created_at,
    status: r.status,
    place: r.in_line ? ++waiting : null,
    left: r.left,
    claimed: r.claimed,
    offer:
      r.offer_id && r.offer_status && r.offered_at && r.expires_at && r.offered_by
        ? { id: r.offer_id, entry_id: r.entry_id, status: r.offer_status, offered_at: r.offered_at, expires_at: r.expires_at, closed_at: r.closed_at, offered_by: r.offered_by, order_id: r.order_id ?? null }
        : null,
  }));
}
