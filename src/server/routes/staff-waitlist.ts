import { Hono } from 'hono';
import * as z from 'zod';
import type { AppContext } from '../deps.ts';
import { skipEntryInput } from '../../shared/contract/staff-console.ts';
import { jsonBody } from '../http/json-body.ts';
import { skipEntry } from '../waitlist/staff-actions.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { cursorSchema, encodeCursor, pageLimit } from '../http/cursor.ts';
import { pathParam, recordNumber } from '../http/path-params.ts';
import { unitWaitlist } from '../units/unit-changes.ts';
import { listWaitlistEntries, markContacted, deleteEntry } from '../waitlist/entries.ts';

const listQuery = z.object({
  limit: pageLimit,
  cursor: cursorSchema(z.object({ id: z.number().int().positive().max(2_147_483_647) })).optional(),
});


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
        return problemAnswer(c, problem(badCursor ? 'invalid_cursor' : 'invalid_limit'));
      }
      const { entries, next } = await listWaitlistEntries(deps.db, { limit: query.data.limit, after: query.data.cursor });
      return c.json({ success: true as const, data: { entries, next_cursor: next ? encodeCursor(next) : null } });
    })
    .post('/:id/contacted', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_waitlist_entry_id'));
      const now = deps.clock();
      const marked = await markContacted(deps.db, id, now, (trx) => recordAudit(trx, actorOf(c), { action: 'waitlist_contacted', subjectType: 'waitlist_entry', subjectId: id }, now));
      if (!marked) return problemAnswer(c, problem('no_waitlist_entry', { id }));
      return c.json({ success: true as const, id, contacted_at: now.toISOString() });
    })
    .delete('/:id', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_waitlist_entry_id'));
      const now = deps.clock();
      const deleted = await deleteEntry(deps.db, offerDeps, id, now, (trx) => recordAudit(trx, actorOf(c), { action: 'waitlist_deleted', subjectType: 'waitlist_entry', subjectId: id }, now));
      if (!deleted) return problemAnswer(c, problem('no_waitlist_entry', { id }));
      deps.unitList.invalidate();
      deps.mailer?.wake();
      return c.json({ success: true as const, id });
    })
    .post('/:id/skip', jsonBody(skipEntryInput), async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_waitlist_entry_id'));
      const unitId = c.var.body.unit_id;
      const now = deps.clock();
      const actor = actorOf(c);
      const result = await skipEntry(deps.db, offerDeps, id, unitId, now, (trx, details) =>
        recordAudit(trx, actor, { action: 'waitlist_skipped', subjectType: 'waitlist_entry', subjectId: id, details }, now),
      );
      if (result.kind === 'refused') return problemAnswer(c, result.problem);
      deps.unitList.invalidate();
      deps.mailer?.wake();
      const answer = await unitWaitlist(deps.db, unitId);
      return answer ? c.json(answer) : problemAnswer(c, problem('no_unit', { id: unitId }));
    });
}
