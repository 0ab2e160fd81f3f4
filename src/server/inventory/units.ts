import { sql } from 'kysely';
import type { StaffUnit, UnitInput } from '../../shared/contract/staff-console.ts';
import type { Db } from '../db/database.ts';

/*
 * The inventory as staff change it. Every change bumps the unit's updated_at, which the public
 * list's lastUpdated is the latest of, so a visitor's offline snapshot knows it is stale.
 */

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function units(db: Db) {
  return db
    .selectFrom('offices')
    .select([
      'id',
      'office_id',
      'service_code',
      'name',
      'service_type',
      'location_code',
      'seating_capacity',
      sql<string | null>`base_monthly_rate::text`.as('base_monthly_rate'),
      'is_available',
      sql<string | null>`next_available_date::text`.as('next_available_date'),
      sql<string | null>`case when retired_at is null then null else ${iso('retired_at')} end`.as('retired_at'),
      iso('updated_at').as('updated_at'),
    ]);
}

/** Every unit, retired ones too, by id. */
export async function listUnits(db: Db): Promise<StaffUnit[]> {
  return (await units(db).orderBy('id').execute()) as StaffUnit[];
}

export async function findStaffUnit(db: Db, id: number): Promise<StaffUnit | undefined> {
  return (await units(db).where('id', '=', id).executeTakeFirst()) as StaffUnit | undefined;
}

/** Another unit already has this office_id (the column is unique). */
export class UnitCodeTakenError extends Error {}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** The columns of a (partial) input; the price as typed ("1200.50") goes into numeric(10,2) as it is. */
function columnsOf(input: Partial<UnitInput>) {
  const { base_monthly_rate, ...rest } = input;
  return { ...rest, ...(base_monthly_rate === undefined ? {} : { base_monthly_rate }) };
}

/** A new unit; `within` runs in its transaction (the audit row). */
export async function createUnit(db: Db, input: UnitInput, now: Date, within: (trx: Db, id: number) => Promise<void>): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('offices')
        .values({ ...columnsOf(input), office_id: input.office_id, name: input.name, service_type: input.service_type, is_available: input.is_available, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await within(trx, row.id);
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new UnitCodeTakenError(`office_id: ${input.office_id} is already the code of another unit`);
    throw err;
  }
}

/** Changes the fields given; false for no such unit. */
export async function updateUnit(db: Db, id: number, input: Partial<UnitInput>, now: Date, within: (trx: Db) => Promise<void>): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('offices').set({ ...columnsOf(input), updated_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
      if (!row) return false;
      await within(trx);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new UnitCodeTakenError(`office_id: ${input.office_id ?? ''} is already the code of another unit`);
    throw err;
  }
}

/** Takes a unit out of the inventory for good (its orders keep naming it); 'already' when it was retired before. */
export async function retireUnit(db: Db, id: number, now: Date, within: (trx: Db) => Promise<void>): Promise<'retired' | 'already' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('offices').select('retired_at').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return 'unknown' as const;
    if (row.retired_at !== null) return 'already' as const;
    await trx.updateTable('offices').set({ retired_at: now, updated_at: now }).where('id', '=', id).execute();
    await within(trx);
    return 'retired' as const;
  });
}
