import type { WaitlistOfferView, WaitlistEntryView } from '../../shared/contract/waitlist-offers.ts';
import { entryState } from '../../shared/domain/waitlist-offers.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { hashSecretToken } from '../secrets/secret-token.ts';
import { unitsOfEntries } from './queue.ts';
import { unitColumns } from '../db/unit-columns.ts';

/* What the waitlist's e-mail links show: the offer a claim or not-interested link names, the entry a leave link names. */

/** Whether a link's token names an offer (its claim or not-interested link) or an entry (its leave link): one indexed lookup, for the guard that counts guesses. */
export async function linkNamesSomething(db: Db, link: 'claim' | 'decline' | 'leave', token: string): Promise<boolean> {
  const hash = hashSecretToken(token);
  const row =
    link === 'leave'
      ? await db.selectFrom('waitlist_entries').select('id').where('leave_token_hash', '=', hash).executeTakeFirst()
      : await db.selectFrom('waitlist_offers').select('id').where(link === 'claim' ? 'claim_token_hash' : 'decline_token_hash', '=', hash).executeTakeFirst();
  return row !== undefined;
}

/** The offer one of its links names, as its pages show it: the unit priced as on sale to its person. */
export async function offerView(db: Db, link: 'claim' | 'decline', token: string, now: Date): Promise<WaitlistOfferView | undefined> {
  const row = await db
    .selectFrom('waitlist_offers as f')
    .innerJoin('waitlist_entries as e', 'e.id', 'f.entry_id')
    .select(['f.office_id', 'f.status', 'f.expires_at', 'e.customer_name', 'e.language', utcInstantText('f.deadline_at').as('deadline_text')])
    .where(link === 'claim' ? 'f.claim_token_hash' : 'f.decline_token_hash', '=', hashSecretToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const unit = await db.selectFrom('offices').select(unitColumns).where('id', '=', row.office_id).executeTakeFirstOrThrow();
  const { status, expires_at, customer_name, language, deadline_text } = row;
  return {
    // Lapsed, though the round has not closed it yet: it is over all the same.
    status: status === 'open' && new Date(expires_at) <= now ? 'expired' : status,
    // The deadline the e-mail gave: a checkout started before it may still hold the unit a little longer.
    expiresAt: deadline_text,
    unit: { ...unit, is_available: true, next_available_date: null },
    customerName: customer_name,
    language: language ?? 'en',
    checkedAt: now.toISOString(),
  };
}

/** The entry a leave link names, with its place in line for each of its units. */
export async function entryView(db: Db, token: string): Promise<WaitlistEntryView | undefined> {
  const entry = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'customer_name', 'language', 'left_at', 'claimed_at', utcInstantText('created_at').as('created_at')])
    .where('leave_token_hash', '=', hashSecretToken(token))
    .executeTakeFirst();
  if (!entry) return undefined;
  const units = await unitsOfEntries(db, [entry.id]);
  return {
    state: entryState({ left: entry.left_at !== null, claimed: entry.claimed_at !== null }, units.map((u) => u.status)),
    customerName: entry.customer_name,
    language: entry.language ?? 'en',
    createdAt: entry.created_at,
    units: units.map((u) => ({ name: u.name, office_id: u.office_id, service_type: u.service_type, status: u.status, place: u.place, offerExpiresAt: u.offer_expires_at })),
  };
}
