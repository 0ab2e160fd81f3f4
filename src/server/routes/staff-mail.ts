import { Hono } from 'hono';
import * as z from 'zod';
import { mailStatuses } from '../../shared/contract/staff-mail.ts';
import type { AppDeps } from '../deps.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit } from '../http/cursor.ts';
import { listMessages, retryMessage } from '../outbox/staff-outbox.ts';

const listQuery = z.object({
  limit: pageLimit,
  status: z.enum(mailStatuses).optional(),
  cursor: cursorSchema(instantPosition).optional(),
});

/** Staff read the outbox and send a failed (or waiting) message again (the bearer check guards all of /admin-api). */
export function staffMailRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const field = query.error.issues[0]?.path[0];
        return problemAnswer(c, field === 'cursor' ? problem('invalid_cursor') : field === 'status' ? problem('invalid_status', { statuses: mailStatuses }) : problem('invalid_limit'));
      }
      c.header('Cache-Control', 'no-store');
      const { cursor, ...options } = query.data;
      const { messages, next } = await listMessages(deps.db, { ...options, after: cursor });
      return c.json({ success: true as const, data: { messages, next_cursor: next ? encodeCursor(next) : null } });
    })
    .post('/:id/retry', async (c) => {
      const id = pathParam(c, recordUuid);
      if (id === null) return problemAnswer(c, problem('not_a_message_id'));
      const now = deps.clock();
      const result = await retryMessage(deps.db, id, now, (trx, kind) =>
        recordAudit(trx, actorOf(c), { action: 'message_retried', subjectType: 'message', subjectId: id, details: { kind } }, now),
      );
      if (result.kind === 'unknown') return problemAnswer(c, problem('no_message', { id }));
      if (result.kind !== 'retried') return problemAnswer(c, problem(result.kind === 'sent' ? 'message_already_sent' : 'message_being_sent'));
      deps.mailer?.wake();
      return c.json({ success: true as const, message: result.message });
    });
}
