import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../lease/banking-crypto.ts';

/**
 * Every message the site sends, by who it is for and what caused it. Each is a row of the
 * outbox written in the transaction of its event, so a message exists exactly when its event
 * does (DESIGN.md §4.11).
 */
export const messageKinds = [
  'order_paid',
  'order_refunded',
  'waitlist_received',
  'lease_offer_created',
  'lease_signed',
  'staff_order_paid',
  'staff_order_refunded',
  'staff_waitlist_entry',
  'staff_lease_signed',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** The records a message is rendered from when it is sent: ids only, never a person's data. */
export type MessageSubject = { orderId: string } | { orderId: string; refundId: string } | { waitlistEntryId: number } | { offerId: number };

export interface NewMessage {
  kind: MessageKind;
  to: string;
  language: 'en' | 'fr';
  about: MessageSubject;
  /** A secret the message must carry (a lease offer's link): kept encrypted, erased once sent. */
  secret?: { keyring: BankingKeyring; text: string };
}

/** A message is retried for a day and then marked failed for staff to see (npm run admin -- mail list --failed). */
export const retryForMs = 24 * 60 * 60_000;

const ivBytes = 12;
const tagBytes = 16;

function secretAad(id: string): Buffer {
  return Buffer.from(`outbox:${id}`);
}

/** AES-256-GCM under the server's current key, bound to the message it belongs to. */
function sealSecret(keyring: BankingKeyring, text: string, id: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(secretAad(id));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${keyring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The secret of a message, or null when no configured key opens it. */
export function openSecret(keyring: BankingKeyring, sealed: string, id: string): string | null {
  const at = sealed.lastIndexOf(':');
  const key = keyring.byId.get(sealed.slice(0, at));
  if (!key) return null;
  try {
    const raw = Buffer.from(sealed.slice(at + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes));
    decipher.setAAD(secretAad(id));
    decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
    return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
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
      secret_encrypted: message.secret ? sealSecret(message.secret.keyring, message.secret.text, id) : null,
      status: 'pending',
      next_attempt_at: now,
      give_up_at: new Date(now.getTime() + retryForMs),
      created_at: now,
    })
    .execute();
  return id;
}
