import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Office } from '../../shared/contract/offices.ts';
import type { AppDeps } from '../app.ts';

export async function listOffices(deps: Pick<AppDeps, 'db'>): Promise<{ offices: Office[]; lastUpdated: string }> {
  const rows = await deps.db
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
      sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('updated_at'),
    ])
    .orderBy('id')
    .execute();
  const lastUpdated = rows.reduce((latest, r) => (r.updated_at > latest ? r.updated_at : latest), '');
  return {
    offices: rows.map(({ updated_at: _updatedAt, ...office }) => office),
    lastUpdated: lastUpdated || new Date(0).toISOString(),
  };
}

/** SPEC call 3: the public list of every offering. */
export function officesRoutes(deps: AppDeps) {
  return new Hono().get('/available', async (c) => {
    const data = await listOffices(deps);
    // A visitor may see a list a minute old; the service worker keeps its own snapshot.
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return c.json({ success: true, data });
  });
}
