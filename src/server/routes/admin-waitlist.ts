import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import type { WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import type { AppDeps } from '../app.ts';
import { jsonError } from '../middleware/errors.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export async function listWaitlistEntries(deps: Pick<AppDeps, 'db'>, limit: number): Promise<WaitlistEntryRecord[]> {
  const entries = await deps.db
    .selectFrom('waitlist_entries')
    .select([
      'id',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      'customer_name',
      'email',
      'phone',
      'number_of_users',
      'budget_min_cents',
      'budget_max_cents',
      sql<string | null>`desired_start_date::text`.as('desired_start_date'),
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (entries.length === 0) return [];
  const offices = await deps.db
    .selectFrom('waitlist_entry_offices as w')
    .innerJoin('offices as o', 'o.id', 'w.office_id')
    .select(['w.entry_id', 'o.id', 'o.office_id', 'o.name'])
    .where(
      'w.entry_id',
      'in',
      entries.map((e) => e.id),
    )
    .orderBy('w.entry_id')
    .orderBy('w.position')
    .execute();
  const byEntry = new Map<number, WaitlistEntryRecord['offices']>();
  for (const { entry_id, ...office } of offices) {
    const list = byEntry.get(entry_id) ?? [];
    list.push(office);
    byEntry.set(entry_id, list);
  }
  const dollars = (cents: number | null) => (cents === null ? null : Number(cents) / 100);
  return entries.map(({ budget_min_cents, budget_max_cents, ...e }) => ({
    ...e,
    budget_min: dollars(budget_min_cents),
    budget_max: dollars(budget_max_cents),
    offices: byEntry.get(e.id) ?? [],
  }));
}

/** Staff read the waitlist, newest entry first (the bearer check guards all of /admin-api). */
export function adminWaitlistRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) return jsonError(c, 400, 'limit must be a whole number from 1 to 1000');
    const entries = await listWaitlistEntries(deps, query.data.limit);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, data: { entries } });
  });
}
