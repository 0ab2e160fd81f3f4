import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { mailStatuses, staffMessage, type StaffMessage } from '../../shared/contract/staff-mail.ts';
import type { AppDeps } from '../deps.ts';
import { retryForMs } from '../outbox/outbox.ts';
import { jsonError } from '../http/errors.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit, positionText } from '../http/cursor.ts';

const listQuery = z.object({
  limit: pageLimit,
  status: z.enum(mailStatuses).optional(),
  cursor: cursorSchema(instantPosition).optional(),
});

const iso = (column: string) => utcInstantText(column);

function messages(deps: Pick<AppDeps, 'db'>) {
  return deps.db
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient', 'language', 'status', 'attempts', 'last_error'])
    .select([iso('created_at').as('created_at'), utcInstantText<string | null>('sent_at').as('sent_at')])
    .select(sql<string>`case when status = 'failed' then ${iso('give_up_at')} else ${iso('next_attempt_at')} end`.as('next_attempt_at'))
    .select(positionText('created_at').as('position'));
}

/** The outbox, newest first, a page at a time; `status` keeps one kind of row (failed: what staff must look at). */
export async function listMessages(deps: Pick<AppDeps, 'db'>, options: z.infer<typeof listQuery>): Promise<{ messages: StaffMessage[]; next_cursor: string | null }> {
  const rows = await messages(deps)
    .$if(options.status !== undefined, (q) => q.where('status', '=', options.status!))
    .$if(options.cursor !== undefined, (q) => q.where(sql<boolean>`(created_at, id) < (${options.cursor!.at}::timestamptz, ${options.cursor!.id})`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { messages: page.map((m) => staffMessage.parse(m)), next_cursor: rows.length > options.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null };
}

/** Staff read the outbox and send a failed (or waiting) message again (the bearer check guards all of /admin-api). */
export function staffMailRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const field = query.error.issues[0]?.path[0];
        return jsonError(c, 400, field === 'cursor' ? 'cursor is not one this server gave' : field === 'status' ? `status must be one of ${mailStatuses.join(', ')}` : 'limit must be a whole number from 1 to 1000');
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, data: await listMessages(deps, query.data) });
    })
    .post('/:id/retry', async (c) => {
      const id = pathParam(c, recordUuid);
      if (id === null) return jsonError(c, 400, 'Not a message id');
      const now = deps.clock();
      // A sent message is never sent twice on staff's say-so: only a failed or waiting one goes again, for another day of tries.
      const retried = await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('outbox')
          .set({ status: 'pending', next_attempt_at: now, give_up_at: new Date(now.getTime() + retryForMs), attempts: 0 })
          .where('id', '=', id)
          .where('status', 'in', ['failed', 'pending'])
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .returning(['id', 'kind'])
          .executeTakeFirst();
        if (row) await recordAudit(trx, actorOf(c), { action: 'message_retried', subjectType: 'message', subjectId: id, details: { kind: row.kind } }, now);
        return row;
      });
      const found = await messages(deps).where('id', '=', id).executeTakeFirst();
      if (!found) return jsonError(c, 404, `No message ${id}`);
      const message = staffMessage.parse(found);
      if (!retried) return jsonError(c, 409, message.status === 'sent' ? 'This message was already sent' : 'This message is being sent right now');
      deps.mailer?.wake();
      return c.json({ success: true as const, message: { ...message, status: 'pending' as const } });
    });
}
