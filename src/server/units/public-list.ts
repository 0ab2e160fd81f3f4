import { sql } from 'kysely';
import type { Office } from '../../shared/contract/offices.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { unitColumns } from '../db/unit-columns.ts';

/** Every unit on offer, as SPEC call 3 lists them, and when the list last changed (a retirement is a change too). */
export async function listPublicUnits(db: Db): Promise<{ offices: Office[]; lastUpdated: string }> {
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
