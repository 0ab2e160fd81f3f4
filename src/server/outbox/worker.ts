import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { logError, logEvent } from '../log.ts';
import { isMessageKind, readMessageData, type MessageData, type MessageKind } from './message-data.ts';
import type { MessageSubject } from './outbox.ts';
import type { MailTransport, OutgoingMail } from '../mail/transport.ts';
import { repeat, type RoundStats, type WorkerHealth } from '../repeat.ts';

/** A worker owns a message it claimed for this long; should it stop, another instance takes over after. */
const claimMs = 3 * 60_000;
/** Waits between attempts: 30 seconds, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** An outbox row as the worker claims it, before its data is read. */
interface ClaimedRow {
  id: string;
  kind: string;
  recipient: string;
  language: 'en' | 'fr';
  about: MessageSubject;
  data: unknown;
  secretEncrypted: string | null;
  attempts: number;
  giveUpAt: Date;
  claimedUntil: Date;
}

/** A claimed message of one kind, its data read through that kind's schema: null for a row an earlier version wrote, which has none. */
export interface ClaimedOf<K extends MessageKind> extends Omit<ClaimedRow, 'kind' | 'data'> {
  kind: K;
  data: MessageData[K] | null;
}

export type ClaimedMessage = { [K in MessageKind]: ClaimedOf<K> }[MessageKind];

/** What sending needs: the transport, and the renderer that turns a row into a message ('gone' when its records are). */
export interface MailerDeps {
  db: Db;
  clock: () => Date;
  transport: MailTransport;
  render: (message: ClaimedMessage) => Promise<OutgoingMail | 'gone'>;
  /** Tests only: runs between the transport's accepting a message and its row being marked sent. */
  afterSendHook?: (message: ClaimedMessage) => void;
}

/**
 * Claims due messages in one short transaction (rows another instance holds are skipped), so
 * that no transaction is ever open across an SMTP call.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<ClaimedRow[]> {
  const claimedUntil = new Date(now.getTime() + claimMs);
  const rows = await sql<{
    id: string;
    kind: string;
    recipient: string;
    language: 'en' | 'fr';
    subject_ids: unknown;
    data: unknown;
    secret_encrypted: string | null;
    attempts: number;
    give_up_at: Date;
  }>`update outbox set claimed_until = ${claimedUntil}, attempts = outbox.attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
      order by created_at, id limit ${limit}
      for update skip locked)
    returning id, kind, recipient, language, subject_ids, data, secret_encrypted, attempts, give_up_at`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    recipient: r.recipient,
    language: r.language,
    about: (typeof r.subject_ids === 'string' ? JSON.parse(r.subject_ids) : r.subject_ids) as MessageSubject,
    data: r.data,
    secretEncrypted: r.secret_encrypted,
    attempts: r.attempts,
    giveUpAt: new Date(r.give_up_at),
    claimedUntil,
  }));
}

/**
 * What the row says, read through its kind's schema; a row of a kind this version does not
 * know, or whose data does not read, can never be sent as it stands: why, for staff to see.
 */
function readClaimed(row: ClaimedRow): ClaimedMessage | { problem: string } {
  const kind = row.kind;
  if (!isMessageKind(kind)) return { problem: `no message is written for rows of kind ${kind}` };
  if (row.data === null || row.data === undefined) return { ...row, kind, data: null } as ClaimedMessage;
  const read = readMessageData(kind, row.data);
  return read.ok ? ({ ...row, kind, data: read.data } as ClaimedMessage) : { problem: `${read.problem}: it was written by another version, and cannot be sent as it stands` };
}

/** What marking a row needs: which row, and the claim this worker holds on it. */
type Claim = Pick<ClaimedRow, 'id' | 'claimedUntil' | 'attempts'>;

/** Marks only while this worker still holds its claim: never over a row another one has taken over. */
function mine(message: Claim) {
  return sql<boolean>`id = ${message.id} and status = 'pending' and claimed_until = ${message.claimedUntil}`;
}

async function markSent(db: Db, message: Claim, now: Date): Promise<void> {
  // The secret and the person's details have done their work: they leave the database with the message.
  await db.updateTable('outbox').set({ status: 'sent', sent_at: now, claimed_until: null, last_error: null, secret_encrypted: null, data: null }).where(mine(message)).execute();
}

async function markFailedAttempt(db: Db, message: Claim, now: Date, reason: string, giveUp: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: reason.slice(0, 500),
      claimed_until: null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(message.attempts)),
    })
    .where(mine(message))
    .execute();
}

/** Sends one claimed message, outside any transaction. */
async function deliver(deps: MailerDeps, message: ClaimedMessage): Promise<'sent' | 'retry' | 'failed'> {
  let mail: OutgoingMail | 'gone';
  try {
    mail = await deps.render(message);
  } catch (err) {
    logError('mail.render_failed', err, { message: message.id, kind: message.kind });
    const giveUp = deps.clock() >= message.giveUpAt;
    await markFailedAttempt(deps.db, message, deps.clock(), err instanceof Error ? err.message : 'could not be written', giveUp);
    return giveUp ? 'failed' : 'retry';
  }
  if (mail === 'gone') {
    // What it was about was deleted (a waitlist entry removed on request) or is over (an offer
    // that ended before it could be sent): nothing is left to say, and what it carried goes.
    await markFailedAttempt(deps.db, message, deps.clock(), 'what the message was about no longer exists or has ended', true);
    await deps.db.updateTable('outbox').set({ secret_encrypted: null, data: null }).where('id', '=', message.id).execute();
    return 'failed';
  }
  try {
    await deps.transport.send(mail);
  } catch (err) {
    const now = deps.clock();
    const giveUp = now >= message.giveUpAt;
    await markFailedAttempt(deps.db, message, now, err instanceof Error ? err.message : 'the mail server refused it', giveUp);
    logEvent(giveUp ? 'error' : 'warn', giveUp ? 'mail.failed' : 'mail.retry', { message: message.id, kind: message.kind, attempt: message.attempts });
    return giveUp ? 'failed' : 'retry';
  }
  deps.afterSendHook?.(message);
  await markSent(deps.db, message, deps.clock());
  logEvent('info', 'mail.sent', { message: message.id, kind: message.kind });
  return 'sent';
}

/**
 * Claimed rows a stopping worker will not send: handed back at once, their attempt uncounted,
 * rather than held until the claim lapses.
 */
async function releaseClaims(db: Db, rows: readonly ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`update outbox set claimed_until = null, attempts = attempts - 1
    where id in (${sql.join(rows.map((r) => r.id))}) and status = 'pending' and claimed_until = ${rows[0]!.claimedUntil}`.execute(db);
}

/**
 * One round: every due message, a batch at a time. Run by each instance now and then, and after
 * an event. Once `stopping` says so, the message being sent is finished and the rest are left
 * for the next round, of this instance or another.
 */
export async function sendDueMessages(deps: MailerDeps, batch = 10, stopping: () => boolean = () => false): Promise<{ sent: number; retry: number; failed: number }> {
  const counts = { sent: 0, retry: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(deps.db, deps.clock(), batch);
    for (const [index, row] of claimed.entries()) {
      if (stopping()) {
        await releaseClaims(deps.db, claimed.slice(index));
        return counts;
      }
      const message = readClaimed(row);
      if ('problem' in message) {
        logEvent('error', 'mail.unreadable', { message: row.id, kind: row.kind });
        await markFailedAttempt(deps.db, row, deps.clock(), message.problem, true);
        counts.failed++;
      } else {
        counts[await deliver(deps, message)]++;
      }
    }
    if (claimed.length < batch || stopping()) return counts;
  }
}

/**
 * The server's mail worker: a round every `intervalMs`, and one soon after `wake()` (an event
 * just committed a message). Rounds never overlap within an instance. `stop` waits for the
 * message being sent, if any; the others of its round are left for the next.
 */
export function startMailer(deps: MailerDeps, intervalMs = 15_000): { wake(): void; stop(): Promise<void>; health(): WorkerHealth; stats(): RoundStats } {
  const worker = repeat((stopping) => sendDueMessages(deps, 10, stopping), { everyMs: intervalMs, failedEvent: 'mail.round_failed', done: () => {} });
  return {
    ...worker,
    async stop() {
      await worker.stop();
      deps.transport.close();
    },
  };
}
