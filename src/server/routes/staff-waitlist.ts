import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import type { WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import type { AppContext, AppDeps } from '../deps.ts';
import { skipEntryInput } from '../../shared/contract/staff-console.ts';
import { jsonBody } from '../http/json-body.ts';
import { markEntryLeft, passOnOffersOf } from '../waitlist/unit-offers.ts';
import { skipEntry } from '../waitlist/staff-actions.ts';
import { jsonError } from '../http/errors.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { cursorSchema, encodeCursor, pageLimit } from '../http/cursor.ts';
import { pathParam, recordNumber } from '../http/path-params.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { entryState } from '../../shared/domain/waitlist-offers.ts';
import { unitsOfEntries } from '../waitlist/queue.ts';
import { unitWaitlist } from '../units/unit-changes.ts';

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
      sql<boolean>`left_at is not null`.as('left'),
      sql<boolean>`claimed_at is not null`.as('claimed'),
    ])
    .$if(options.cursor !== undefined, (q) => q.where('id', '<', options.cursor!.id))
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const entries = rows.slice(0, options.limit);
  const last = entries.at(-1);
  const next_cursor = rows.length > options.limit && last ? encodeCursor({ id: last.id }) : null;
  if (entries.length === 0) return { entries: [], next_cursor };
  const units = await unitsOfEntries(deps.db, entries.map((e) => e.id));
  const byEntry = new Map<number, WaitlistEntryRecord['offices']>();
  for (const { entry_id, service_type: _type, ...unit } of units) byEntry.set(entry_id, [...(byEntry.get(entry_id) ?? []), unit]);
  const dollars = (cents: number | null) => (cents === null ? null : Number(cents) / 100);
  return {
    entries: entries.map(({ budget_min_cents, budget_max_cents, left, claimed, ...e }) => {
      const offices = byEntry.get(e.id) ?? [];
      return {
        ...e,
        budget_min: dollars(budget_min_cents),
        budget_max: dollars(budget_max_cents),
        offices,
        state: entryState({ left, claimed }, offices.map((o) => o.status)),
      };
    }),
    next_cursor,
  };
}

/**
 * Staff read the waitlist, newest entry first, mark a person contacted, and delete an entry when
 * its person asks (privacy law): the entry, its offices and every message about it, which hold
 * the person's address. The audit trail keeps the entry's id only.
 */
export function staffWaitlistRoutes(deps: AppContext) {
  const offerDeps = { keyring: deps.config.bankingKeys };
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
      const exists = await deps.db.selectFrom('waitlist_entries').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return jsonError(c, 404, `No waitlist entry ${id}`);
      // First no offer can be made to it any more, then a unit held for this person goes to the
      // next in line (each under its unit's lock), then the entry goes, with every message about
      // it or its offers, which hold the person's address.
      await markEntryLeft(deps.db, id, now);
      await passOnOffersOf(deps.db, offerDeps, id, now);
      const deleted = await deps.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('outbox')
          .where(({ or, eb }) =>
            or([
              eb(sql`subject_ids->>'waitlistEntryId'`, '=', String(id)),
              eb(sql`subject_ids->>'waitlistOfferId'`, 'in', trx.selectFrom('waitlist_offers').select(sql<string>`id::text`.as('id')).where('entry_id', '=', id)),
            ]),
          )
          .execute();
        // Its offices and offers go with it (on delete cascade).
        const row = await trx.deleteFrom('waitlist_entries').where('id', '=', id).returning('id').executeTakeFirst();
        if (!row) return false;
        await recordAudit(trx, actorOf(c), { action: 'waitlist_deleted', subjectType: 'waitlist_entry', subjectId: id }, now);
        return true;
      });
      if (!deleted) return jsonError(c, 404, `No waitlist entry ${id}`);
      deps.unitList.invalidate();
      deps.mailer?.wake();
      return c.json({ success: true as const, id });
    })
    .post('/:id/skip', jsonBody(skipEntryInput), async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return jsonError(c, 400, 'Not a waitlist entry id');
      const unitId = c.var.body.unit_id;
      const now = deps.clock();
      const actor = actorOf(c);
      const result = await skipEntry(deps.db, offerDeps, id, unitId, now, (trx, details) =>
        recordAudit(trx, actor, { action: 'waitlist_skipped', subjectType: 'waitlist_entry', subjectId: id, details }, now),
      );
      if (result.kind === 'refused') return jsonError(c, result.status, result.error);
      deps.unitList.invalidate();
      deps.mailer?.wake();
      const answer = await unitWaitlist(deps.db, unitId);
      return answer ? c.json(answer) : jsonError(c, 404, `No unit ${unitId}`);
    });
}
