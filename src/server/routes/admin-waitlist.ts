import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import type { WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import type { AppDeps } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';
import { cursorSchema, encodeCursor, pageLimit } from './admin-cursor.ts';

const listQuery = z.object({
  limit: pageLimit,
  cursor: cursorSchema(z.object({ id: z.number().int().positive().max(2_147_483_647) })).optional(),
});

/** One page of entries, newest first, and the cursor of the next page (null on the last). */
export async function listWaitlistEntries(
  deps: Pick<AppDeps, 'db'>,
  options: z.infer<typeof listQuery>,
): Promise<{ entries: WaitlistEntryRecord[]; next_cursor: string | null }> {
  const rows = await deps.db
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
    .$if(options.cursor !== undefined, (q) => q.where('id', '<', options.cursor!.id))
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const entries = rows.slice(0, options.limit);
  const last = entries.at(-1);
  const next_cursor = rows.length > options.limit && last ? encodeCursor({ id: last.id }) : null;
  if (entries.length === 0) return { entries: [], next_cursor };
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
  return {
    entries: entries.map(({ budget_min_cents, budget_max_cents, ...e }) => ({
      ...e,
      budget_min: dollars(budget_min_cents),
      budget_max: dollars(budget_max_cents),
      offices: byEntry.get(e.id) ?? [],
    })),
    next_cursor,
  };
}

/** Staff read the waitlist, newest entry first (the bearer check guards all of /admin-api). */
export function adminWaitlistRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) {
      const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
      return jsonError(c, 400, badCursor ? 'cursor is not one this server gave' : 'limit must be a whole number from 1 to 1000');
    }
    const data = await listWaitlistEntries(deps, query.data);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, data });
  });
}
