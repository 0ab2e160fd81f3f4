import { sql } from 'kysely';
import { staffMessage, type MailStatus, type StaffMessage } from '../../shared/contract/staff-mail.ts';
import type { Db } from '../db/database.ts';
import { positionText, utcInstantText } from '../db/instant-text.ts';
import { pageOf, type InstantPosition } from '../db/pages.ts';
import { retryForMs } from './outbox.ts';

/* The outbox as staff read it (the console's mail page, `npm run admin -- mail`), and a message sent again on their say-so. */

const iso = (column: string) => utcInstantText(column);

function messages(db: Db) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient', 'language', 'status', 'attempts', 'last_error'])
    .select([iso('created_at').as('created_at'), utcInstantText<string | null>('sent_at').as('sent_at')])
    .select(sql<string>`case when status = 'failed' then ${iso('give_up_at')} else ${iso('next_attempt_at')} end`.as('next_attempt_at'))
    .select(positionText('created_at').as('position'));
}

/** The outbox, newest first, a page at a time; `status` keeps one kind of row (failed: what staff must look at). */
export async function listMessages(
  db: Db,
  options: { limit: number; status?: MailStatus | undefined; after?: InstantPosition | undefined },
): Promise<{ messages: StaffMessage[]; next: InstantPosition | null }> {
  const rows = await messages(db)
    .$if(options.status !== undefined, (q) => q.where('status', '=', options.status!))
    .$if(options.after !== undefined, (q) => q.where(sql<boolean>`(created_at, id) < (${options.after!.at}::timestamptz, ${options.after!.id})`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = pageOf(rows, options.limit, (last) => ({ at: last.position, id: last.id }));
  return { messages: page.rows.map((m) => staffMessage.parse(m)), next: page.next };
}

export type RetryResult = { kind: 'retried'; message: StaffMessage } | { kind: 'unknown' } | { kind: 'sent' | 'sending'; message: StaffMessage };

/**
 * A failed (or waiting) message goes again, for another day of tries; `within` runs in the same
 * transaction (the audit row). A sent message is never sent twice on staff's say-so, and one a
 * worker holds right now is left to it.
 */
export async function retryMessage(db: Db, id: string, now: Date, within: (trx: Db, kind: string) => Promise<void>): Promise<RetryResult> {
  const retried = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: now, give_up_at: new Date(now.getTime() + retryForMs), attempts: 0 })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'pending'])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returning(['id', 'kind'])
      .executeTakeFirst();
    if (row) await within(trx, row.kind);
    return row !== undefined;
  });
  const found = await messages(db).where('id', '=', id).executeTakeFirst();
  if (!found) return { kind: 'unknown' };
  const message = staffMessage.parse(found);
  if (retried) return { kind: 'retried', message: { ...message, status: 'pending' } };
  return { kind: message.status === 'sent' ? 'sent' : 'sending', message };
}
