import { sql } from 'kysely';
import type { Office } from '../../shared/contract/offices.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';

/** A unit's fields as the public list gives them (SPEC call 3); the staff console reads the same. */
export const unitColumns = [
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
] as const;

async function listOffices(db: Db): Promise<{ offices: Office[]; lastUpdated: string }> {
  const rows = await db
    .selectFrom('offices')
    .select([...unitColumns, utcInstantText('updated_at', 's').as('updated_at'), sql<boolean>`retired_at is not null`.as('retired')])
    .orderBy('id')
    .execute();
  // A retirement is a change of the list too, though the unit itself is no longer offered (its orders still name it).
  const lastUpdated = rows.reduce((latest, r) => (r.updated_at > latest ? r.updated_at : latest), '');
  return {
    offices: rows.filter((r) => !r.retired).map(({ updated_at: _updatedAt, retired: _retired, ...office }) => office),
    lastUpdated: lastUpdated || new Date(0).toISOString(),
  };
}

/** The public list, serialized: read often, changed only when a unit is rented or edited. */
export interface OfficesList {
  /** The list as the API sends it: `{ success: true, data: { offices, lastUpdated } }`. */
  body(): Promise<string>;
  /** A unit was rented or edited here: the next read goes to the database. */
  invalidate(): void;
}

/**
 * The list kept for a moment: this process drops its copy at once when it changes a unit
 * (invalidate), and another instance's change shows within maxAgeMs. Checkout always checks
 * availability against the database itself.
 */
export function createOfficesList(db: Db, maxAgeMs = 2000): OfficesList {
  let cached: { body: string; at: number } | undefined;
  return {
    async body() {
      const now = Date.now();
      if (cached && now - cached.at < maxAgeMs) return cached.body;
      const body = JSON.stringify({ success: true, data: await listOffices(db) });
      cached = { body, at: now };
      return body;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
