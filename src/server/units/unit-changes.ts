import { sql } from 'kysely';
import type { StaffUnit, UnitInput, UnitQueueResponse } from '../../shared/contract/staff-console.ts';
import { lockUnit } from '../reservations/unit-lock.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { closeOffer, openOfferOf, placeFreeUnit, type OfferDeps } from '../waitlist/unit-offers.ts';
import { inLine } from '../waitlist/line.ts';
import { availabilityChange } from '../waitlist/staff-actions.ts';
import { queueOfUnit } from '../waitlist/queue.ts';
import type { FieldProblem } from '../../shared/contract/problems.ts';
import { unitColumns } from '../db/unit-columns.ts';
import { expireOpenOffersOfUnit } from '../lease/lease-offers.ts';

/*
 * The inventory as staff change it. Every change bumps the unit's updated_at, which the public
 * list's lastUpdated is the latest of, so a visitor's offline snapshot knows it is stale.
 */

function units(db: Db) {
  return db
    .selectFrom('offices')
    .select([
      ...unitColumns,
      utcInstantText<string | null>('retired_at').as('retired_at'),
      utcInstantText('updated_at').as('updated_at'),
      sql<boolean>`waitlist_paused_at is not null`.as('waitlist_paused'),
      sql<number>`(select count(*)::int from waitlist_entry_offices w join waitlist_entries e on e.id = w.entry_id
        where w.office_id = offices.id and ${inLine})`.as('waitlist_waiting'),
      sql<string | null>`(select ${utcInstantText('f.expires_at')} from waitlist_offers f where f.office_id = offices.id and f.status = 'open')`.as('waitlist_offer_until'),
    ]);
}

/** Every unit, retired ones too, by id. */
export async function listUnits(db: Db): Promise<StaffUnit[]> {
  return (await units(db).orderBy('id').execute()) as StaffUnit[];
}

export async function findStaffUnit(db: Db, id: number): Promise<StaffUnit | undefined> {
  return (await units(db).where('id', '=', id).executeTakeFirst()) as StaffUnit | undefined;
}

/** Another unit already answers to this code: `field` names the field, the code and the unit. */
export class UnitCodeTakenError extends Error {
  constructor(readonly field: FieldProblem) {
    super(`${field.path}: another unit already answers to this code`);
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** The advisory lock that makes changes of units' codes take turns, so two cannot take one code at once. */
const unitCodesLockSpace = 7303;

/**
 * The checkout (findUnit) finds a unit by its office_id or its service_code, so no code may name
 * two units: a unit's office_id or service_code must be neither the office_id nor the
 * service_code of another unit, retired ones included (their orders and offers keep naming
 * them). Throws UnitCodeTakenError naming the field. Run in the change's transaction.
 */
async function checkCodes(trx: Db, id: number | null, codes: { office_id?: string; service_code?: string | null }): Promise<void> {
  await sql`select pg_advisory_xact_lock(${unitCodesLockSpace}, 0)`.execute(trx);
  for (const field of ['office_id', 'service_code'] as const) {
    const code = codes[field];
    if (code === undefined || code === null) continue;
    const other = await trx
      .selectFrom('offices')
      .select(['office_id', 'service_code'])
      .where((eb) => eb.or([eb('office_id', '=', code), eb('service_code', '=', code)]))
      .$if(id !== null, (q) => q.where('id', '<>', id!))
      .orderBy('id')
      .executeTakeFirst();
    if (other) {
      throw new UnitCodeTakenError(
        other.office_id === code ? { path: field, code: 'code_taken', params: { code } } : { path: field, code: 'service_code_taken', params: { code, unit: other.office_id } },
      );
    }
  }
}

/** The columns of a (partial) input; the price as typed ("1200.50") goes into numeric(10,2) as it is. */
function columnsOf(input: Partial<UnitInput>) {
  const { base_monthly_rate, ...rest } = input;
  return { ...rest, ...(base_monthly_rate === undefined ? {} : { base_monthly_rate }) };
}

/** A new unit; `within` runs in its transaction (the audit row). */
export async function createUnit(db: Db, input: UnitInput, now: Date, within: (trx: Db, id: number) => Promise<void>): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      await checkCodes(trx, null, input);
      const row = await trx
        .insertInto('offices')
        .values({ ...columnsOf(input), office_id: input.office_id, name: input.name, service_type: input.service_type, is_available: input.is_available, updated_at: now, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await within(trx, row.id);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new UnitCodeTakenError({ path: 'office_id', code: 'code_taken', params: { code: input.office_id } });
    throw err;
  }
}

/**
 * Changes the fields given; false for no such unit. A unit marked available is freed: offered to
 * its waitlist, else on sale (availabilityChange says what its waitlist makes of the change).
 */
export async function updateUnit(db: Db, offerDeps: OfferDeps, id: number, input: Partial<UnitInput>, now: Date, within: (trx: Db) => Promise<void>): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.office_id !== undefined || input.service_code !== undefined) await checkCodes(trx, id, input);
      const availability = await availabilityChange(trx, id, input.is_available, now);
      const { is_available: _available, next_available_date: _next, ...rest } = input;
      // Held for an open offer, the unit keeps its availability and date: the offer decides them.
      // Its offer withdrawn, the date the offer set goes too (a date that came would free it again).
      const fields =
        availability.setAvailable === undefined && input.is_available !== undefined
          ? rest
          : availability.withdrawn
            ? { ...input, next_available_date: input.next_available_date ?? null }
            : input;
      const row = await trx.updateTable('offices').set({ ...columnsOf(fields), updated_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
      if (!row) return false;
      if (availability.freed) await placeFreeUnit(trx, offerDeps, id, now);
      await within(trx);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new UnitCodeTakenError({ path: 'office_id', code: 'code_taken', params: { code: input.office_id ?? '' } });
    throw err;
  }
}

export type RetireResult = { kind: 'retired'; expiredOffers: number[] } | { kind: 'already' } | { kind: 'unknown' };

/**
 * Takes a unit out of the inventory for good (its orders keep naming it). It takes the unit's
 * checkout lock (lockUnit) first, as placing and paying for an order do: a checkout that read the
 * unit before now either placed its hold before this, or finds the unit retired. The lease
 * offers still open on it (new, or with a contract generated) are expired here too: a tenant
 * cannot sign for a unit that is gone. `within` gets their numbers, for the audit rows.
 */
export async function retireUnit(db: Db, id: number, now: Date, within: (trx: Db, expiredOffers: number[]) => Promise<void>): Promise<RetireResult> {
  return db.transaction().execute(async (trx): Promise<RetireResult> => {
    await lockUnit(trx, id);
    const row = await trx.selectFrom('offices').select('retired_at').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return { kind: 'unknown' };
    if (row.retired_at !== null) return { kind: 'already' };
    await trx.updateTable('offices').set({ retired_at: now, updated_at: now }).where('id', '=', id).execute();
    // Nobody can claim a unit that is gone: its open offer ends, and its person keeps their other places.
    const open = await openOfferOf(trx, id);
    if (open) await closeOffer(trx, open, 'withdrawn', now);
    const expiredOffers = await expireOpenOffersOfUnit(trx, id, now);
    await within(trx, expiredOffers);
    return { kind: 'retired', expiredOffers };
  });
}

/** A unit's waitlist as staff see it (GET /admin-api/units/:id/waitlist); undefined for no such unit. */
export async function unitWaitlist(db: Db, unitId: number): Promise<UnitQueueResponse | undefined> {
  const unit = await findStaffUnit(db, unitId);
  if (!unit) return undefined;
  const queue = await queueOfUnit(db, unitId);
  return { success: true, unit, open_offer: queue.find((q) => q.offer?.status === 'open')?.offer ?? null, queue };
}
