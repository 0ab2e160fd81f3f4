import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';

/**
 * Every message the site sends, by who it is for and what caused it. Each is a row of the
 * outbox written in the transaction of its event, so a message exists exactly when its event
 * does (DESIGN.md §4.11).
 */
export const messageKinds = [
  'order_paid',
  'order_refunded',
  'booking_cancelled',
  'rental_notice_given',
  'waitlist_received',
  'waitlist_offer',
  'lease_offer_created',
  'lease_signed',
  'staff_order_paid',
  'staff_order_refunded',
  'staff_booking_cancelled',
  'staff_rental_notice_given',
  'staff_waitlist_entry',
  'staff_lease_signed',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** The records a message is rendered from when it is sent: ids only, never a person's data. */
export type MessageSubject = { orderId: string } | { orderId: string; refundId: string } | { waitlistEntryId: number } | { waitlistOfferId: string } | { offerId: number };

export interface NewMessage {
  kind: MessageKind;
  to: string;
  language: 'en' | 'fr';
  about: MessageSubject;
  /** A secret the message must carry (a lease offer's link, a waitlist link): kept encrypted, erased once sent. */
  secret?: { keyring: BankingKeyring; text: string };
}

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
      secret_encrypted: message.secret ? sealText(message.secret.keyring, message.secret.text, `outbox:${id}`) : null,
      status: 'pending',
      next_attempt_at: now,
      give_up_at: new Date(now.getTime() + retryForMs),
      created_at: now,
    })
    .execute();
  return id;
}
