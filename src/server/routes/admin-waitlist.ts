import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import type { WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import type { AppDeps } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';
import { actorOf, type StaffEnv } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';
import { cursorSchema, encodeCursor, pageLimit } from './admin-cursor.ts';
import { pathParam, recordNumber } from './admin-params.ts';
import { utcInstantText } from '../db/instant-text.ts';

const listQuery = z.object({
  limit: pageLimit,
  cursor: cursorSchema(z.object({ id: z.number().int().positive().max(2_147_483_647) })).optional(),
});

const utcText = (column: string) => utcInstantText(column, 's');

/** One page of entries, newest first, and the cursor of the next page (null on the last). */
export async function listWaitlistEntries(
  deps: Pick<AppDeps, 'db'>,
  options: z.infer<typeof listQuery>,
): Promise<{ entries: WaitlistEntryRecord[]; next_cursor: string | null }> {
  const rows = await deps.db
    .selectFrom('waitlist_entries')
    .select([
      'id',
      utcText('created_at').as('created_at'),
      'customer_name',
      'email',
      'phone',
      'number_of_users',
      'budget_min_cents',
      'budget_max_cents',
      sql<string | null>`desired_start_date::text`.as('desired_start_date'),
      utcInstantText<string | null>('contacted_at', 's').as('contacted_at'),
      'language',
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

/**
 * Staff read the waitlist, newest entry first, mark a person contacted, and delete an entry when
 * its person asks (privacy law): the entry, its offices and every message about it, which hold
 * the person's address. The audit trail keeps the entry's id only.
 */
export function adminWaitlistRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
        return jsonError(c, 400, badCursor ? 'cursor is not one this server gave' : 'limit must be a whole number from 1 to 1000');
      }
      const data = await listWaitlistEntries(deps, query.data);
      return c.json({ success: true as const, data });
    })
    .post('/:id/contacted', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return jsonError(c, 400, 'Not a waitlist entry id');
      const now = deps.clock();
      const marked = await deps.db.transaction().execute(async (trx) => {
        const row = await trx.updateTable('waitlist_entries').set({ contacted_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
        if (row) await recordAudit(trx, actorOf(c), { action: 'waitlist_contacted', subjectType: 'waitlist_entry', subjectId: id }, now);
        return row !== undefined;
      });
      if (!marked) return jsonError(c, 404, `No waitlist entry ${id}`);
      return c.json({ success: true as const, id, contacted_at: now.toISOString() });
    })
    .delete('/:id', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return jsonError(c, 400, 'Not a waitlist entry id');
      const now = deps.clock();
      const deleted = await deps.db.transaction().execute(async (trx) => {
        // Its offices go with it (on delete cascade).
        const row = await trx.deleteFrom('waitlist_entries').where('id', '=', id).returning('id').executeTakeFirst();
        if (!row) return false;
        await trx.deleteFrom('outbox').where(sql<boolean>`subject_ids->>'waitlistEntryId' = ${String(id)}`).execute();
        await recordAudit(trx, actorOf(c), { action: 'waitlist_deleted', subjectType: 'waitlist_entry', subjectId: id }, now);
        return true;
      });
      if (!deleted) return jsonError(c, 404, `No waitlist entry ${id}`);
      return c.json({ success: true as const, id });
    });
}
