import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';
import type { MessageData, MessageKind } from './message-data.ts';

export { messageKinds, type MessageData, type MessageKind } from './message-data.ts';

/** The records a message is about: what a deletion on request finds a person's messages by, and an earlier version's rows are rendered from. */
export type MessageSubject = { orderId: string } | { rentalId: string; invoiceId?: string; paymentId?: string; cardChangeId?: string } | { orderId: string; refundId: string } | { waitlistEntryId: number } | { waitlistOfferId: string } | { offerId: number } | { providerIncidentId: string };

/**
 * A message, by who it is for and what caused it, and what it says (its kind's data). Each is a
 * row of the outbox written in the transaction of its event, so a message exists exactly when
 * its event does (docs/architecture.md §4.11), and says what was so when it happened.
 */
export type NewMessage = {
  [K in MessageKind]: {
    kind: K;
    to: string;
    language: 'en' | 'fr';
    about: MessageSubject;
    data: MessageData[K];
    /** A secret the message must carry (a link that opens something): kept encrypted, erased once sent. */
    secret?: { keyring: BankingKeyring; text: string };
  };
}[MessageKind];

/** A message is retried for a day and then marked failed for staff to see (npm run admin -- mail list --failed). */
export const retryForMs = 24 * 60 * 60_000;

/** The secret a message carries, or null when no configured key opens it. */
export function openSecret(keyring: BankingKeyring, sealed: string, id: string): string | null {
  return openText(keyring, sealed, `outbox:${id}`);
}

/** Writes a message into the outbox, inside the caller's transaction (the event's own). */
export async function enqueueMessage(trx: Db, message: NewMessage, now: Date): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('outbox')
    .values({
      id,
      kind: message.kind,
      recipient: message.to,
      language: message.language,
      subject_ids: JSON.stringify(message.about),
      data: JSON.stringify(message.data),
      secret_encrypted: message.secret ? sealText(message.secret.keyring, message.secret.text, `outbox:${id}`) : null,
      status: 'pending',
      next_attempt_at: now,
      give_up_at: new Date(now.getTime() + retryForMs),
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * Messages not sent yet that would now say what is no longer so (the e-mail of an offer that
 * ended before it went): failed, with why, for staff to see, and what it carried erased (the
 * person's details and its sealed links), as when it is sent or found gone: nobody was given those
 * links, so nothing needs them. One a worker is sending right now is left to it.
 */
export async function withdrawUnsentMessages(trx: Db, kind: MessageKind, about: MessageSubject, reason: string, now: Date): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ status: 'failed', last_error: reason, data: null, secret_encrypted: null, claimed_until: null })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where(isAbout(about))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .execute();
}

const isAbout = (about: MessageSubject) => sql<boolean>`subject_ids @> ${JSON.stringify(about)}::jsonb`;

/**
 * The messages of `kind` about `about` not sent yet (waiting, or failed and retried by staff),
 * locked until the caller's transaction ends: the worker claims rows with FOR UPDATE SKIP LOCKED
 * (worker.ts), so it cannot take them meanwhile. One whose claim is still running is being sent.
 */
export function lockUnsentMessages(trx: Db, kind: MessageKind, about: MessageSubject): Promise<{ id: string; claimed_until: Date | null }[]> {
  return trx.selectFrom('outbox').select(['id', 'claimed_until']).where('kind', '=', kind).where('status', 'in', ['pending', 'failed']).where(isAbout(about)).forUpdate().execute();
}

/** Messages that must never go (they carry a link no longer valid), by id. */
export async function deleteMessages(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('outbox').where('id', 'in', ids).execute();
}

/** Every message about any of `abouts`, sent or not: deleted with what they are about (a person's entry, on request). */
export async function deleteMessagesAbout(trx: Db, abouts: readonly MessageSubject[]): Promise<void> {
  if (abouts.length > 0) await trx.deleteFrom('outbox').where(({ or }) => or(abouts.map(isAbout))).execute();
}

/** Whether a message of `kind` about `about` was ever written (one that must go once, however often its event repeats). */
export async function hasMessage(trx: Db, kind: MessageKind, about: MessageSubject): Promise<boolean> {
  return (await trx.selectFrom('outbox').select('id').where('kind', '=', kind).where(isAbout(about)).limit(1).executeTakeFirst()) !== undefined;
}

/** Messages waiting to go (due or retrying), given up on, and how long the oldest waiting one has waited (0 with none): GET /metrics. */
export async function outboxBacklog(db: Db, now: Date): Promise<{ waiting: number; failed: number; oldestWaitingSeconds: number }> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*) filter (where status = 'pending')::int`.as('waiting'),
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      sql<Date | null>`min(created_at) filter (where status = 'pending')`.as('oldest'),
    ])
    .where('status', 'in', ['pending', 'failed'])
    .executeTakeFirstOrThrow();
  const oldestWaitingSeconds = row.oldest ? Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000) : 0;
  return { waiting: row.waiting, failed: row.failed, oldestWaitingSeconds };
}
