import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Office } from '../../shared/contract/offices.ts';
import type { AppDeps } from '../deps.ts';

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

/**
 * The serialized list, kept for a moment per database. The list is the most requested thing
 * by far and changes only when a unit is rented or edited: this process drops its copy at
 * once (invalidateOfficesList), and another instance's change shows within maxAgeMs. Checkout
 * always checks availability against the database itself.
 */
const listCache = new WeakMap<object, { body: string; at: number }>();
const maxAgeMs = 2000;

export function invalidateOfficesList(db: object): void {
  listCache.delete(db);
}

async function officesBody(deps: Pick<AppDeps, 'db'>): Promise<string> {
  const cached = listCache.get(deps.db);
  const now = Date.now();
  if (cached && now - cached.at < maxAgeMs) return cached.body;
  const body = JSON.stringify({ success: true, data: await listOffices(deps) });
  listCache.set(deps.db, { body, at: now });
  return body;
}

/** SPEC call 3: the public list of every offering. */
export function officesRoutes(deps: AppDeps) {
  return new Hono().get('/available', async (c) => {
    const body = await officesBody(deps);
    // Always revalidated: the service worker keeps the offline snapshot, not the HTTP cache.
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(body);
  });
}
