import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { WaitlistEntryPayload, WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import { isRentable, isServiceType } from '../../shared/domain/products.ts';
import type { WaitlistProblem } from '../../shared/domain/waitlist-rules.ts';
import type { Db } from '../db/database.ts';
import type { WaitlistEntriesTable } from '../db/schema.ts';
import { hashSecretToken, newSecretToken } from '../secrets/secret-token.ts';
import { entryState } from '../../shared/domain/waitlist-offers.ts';
import { utcInstantText } from '../db/instant-text.ts';
import { pageOf } from '../db/pages.ts';
import { unitsOfEntries } from './queue.ts';
import { type OfferDeps, markEntryLeft, passOnOffersOf } from './unit-offers.ts';
import { tellEntryReceived } from './waitlist-mail.ts';
import { dollarsFromCents, dollarsToCents } from '../../shared/domain/pricing.ts';
import { deleteMessagesAbout } from '../outbox/outbox.ts';

/** The entry as stored, and the units chosen; canonicalEntry writes its keys in a fixed order, so the same entry always hashes the same. */
type CanonicalEntry = Pick<Selectable<WaitlistEntriesTable>, 'customer_name' | 'email' | 'phone' | 'number_of_users' | 'budget_min_cents' | 'budget_max_cents' | 'desired_start_date'> & {
  service_offering_ids: string[];
};

const toCents = (dollars: number | null | undefined): number | null => (dollars == null ? null : dollarsToCents(dollars));

function canonicalEntry(entry: WaitlistEntryPayload): CanonicalEntry {
  return {
    customer_name: entry.customer_name,
    email: entry.email,
    phone: entry.phone ? entry.phone : null,
    number_of_users: entry.number_of_users,
    budget_min_cents: toCents(entry.budget_min),
    budget_max_cents: toCents(entry.budget_max),
    desired_start_date: entry.desired_start_date ?? null,
    service_offering_ids: entry.service_offering_ids.map(String),
  };
}

function hashEntry(entry: CanonicalEntry): string {
  return createHash('sha256').update(JSON.stringify(entry)).digest('hex');
}

/** The units' row ids, in the visitor's order; a problem when one is missing or has no waitlist. */
async function resolveUnits(db: Db, ids: readonly string[]): Promise<number[] | WaitlistProblem> {
  const rows = await db
    .selectFrom('offices')
    .select(['id', 'service_type', sql<string>`id::text`.as('id_text')])
    .where(sql<string>`id::text`, 'in', ids)
    // A retired unit is no longer offered: nobody can wait for it.
    .where('retired_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id_text, r]));
  const resolved: number[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) return 'officeUnknown';
    if (!isServiceType(row.service_type) || !isRentable(row.service_type)) return 'officeNotWaitlistable';
    resolved.push(row.id);
  }
  return resolved;
}

/** What storing an entry needs: the database, the keys that seal its leave link, and the time. */
export interface EntryDeps {
  db: Db;
  keyring: OfferDeps['keyring'];
  now: Date;
}

type Stored = { kind: 'created'; id: number } | { kind: 'replay'; id: number } | { kind: 'conflict' };

async function findByKey(db: Db, key: string, hash: string): Promise<Stored | undefined> {
  const row = await db.selectFrom('waitlist_entries').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return row.request_hash === hash ? { kind: 'replay', id: row.id } : { kind: 'conflict' };
}

/**
 * Stores the entry once per Idempotency-Key. The unique key decides between racing replays:
 * the loser's insert does nothing (after waiting for the winner's commit) and it answers
 * with the winner's entry.
 */
async function storeEntry(deps: EntryDeps, entry: CanonicalEntry, language: 'en' | 'fr' | null, unitIds: number[], key: string | null, hash: string): Promise<Stored> {
  const { now } = deps;
  // The acknowledgement's leave link: kept as its hash, and sealed in the e-mail's row until sent.
  const leaveToken = newSecretToken();
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('waitlist_entries')
      .values({
        customer_name: entry.customer_name,
        email: entry.email,
        phone: entry.phone,
        number_of_users: entry.number_of_users,
        budget_min_cents: entry.budget_min_cents,
        budget_max_cents: entry.budget_max_cents,
        desired_start_date: entry.desired_start_date,
        idempotency_key: key,
        request_hash: key === null ? null : hash,
        created_at: now,
        language,
        leave_token_hash: hashSecretToken(leaveToken),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .insertInto('waitlist_entry_offices')
      .values(unitIds.map((unitId, i) => ({ entry_id: row.id, office_id: unitId, position: i + 1 })))
      .execute();
    await tellEntryReceived(trx, deps.keyring, row.id, leaveToken, now);
    return row.id;
  });
  if (inserted !== undefined) return { kind: 'created', id: inserted };
  // Only a keyed insert can hit the conflict, and the row that won is committed by now.
  const existing = key === null ? undefined : await findByKey(deps.db, key, hash);
  if (!existing) throw new Error('waitlist entry insert did nothing, yet no entry holds its key');
  return existing;
}

/**
 * SPEC call 4: an entry, stored once per Idempotency-Key (the same key and body answer the first
 * entry again; the same key with another body is a conflict), with its acknowledgement and staff's
 * notice in the outbox (the caller wakes the mail worker once it is created).
 */
export async function joinWaitlist(deps: EntryDeps, payload: WaitlistEntryPayload, key: string | null): Promise<Stored | { kind: 'problem'; problem: WaitlistProblem }> {
  const entry = canonicalEntry(payload);
  const hash = hashEntry(entry);
  if (key !== null) {
    const earlier = await findByKey(deps.db, key, hash);
    if (earlier) return earlier;
  }
  const unitIds = await resolveUnits(deps.db, entry.service_offering_ids);
  if (typeof unitIds === 'string') return { kind: 'problem', problem: unitIds };
  return storeEntry(deps, entry, payload.language ?? null, unitIds, key, hash);
}

/** One page of entries, newest first, and the cursor of the next page (null on the last). */
export async function listWaitlistEntries(db: Db, options: { limit: number; after?: { id: number } | undefined }): Promise<{ entries: WaitlistEntryRecord[]; next: { id: number } | null }> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select([
      'id',
      utcInstantText('created_at', 's').as('created_at'),
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
    .$if(options.after !== undefined, (q) => q.where('id', '<', options.after!.id))
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const { rows: entries, next } = pageOf(rows, options.limit, (last) => ({ id: last.id }));
  if (entries.length === 0) return { entries: [], next };
  const units = await unitsOfEntries(db, entries.map((e) => e.id));
  const byEntry = new Map<number, WaitlistEntryRecord['offices']>();
  for (const { entry_id, service_type: _type, ...unit } of units) byEntry.set(entry_id, [...(byEntry.get(entry_id) ?? []), unit]);
  const dollars = (cents: number | null) => (cents === null ? null : dollarsFromCents(Number(cents)));
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
    next,
  };
}

/** Staff have spoken with the entry's person; false for no such entry. `within` runs in the same transaction (the audit row). */
export async function markContacted(db: Db, id: number, now: Date, within: (trx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('waitlist_entries').set({ contacted_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
    if (row) await within(trx);
    return row !== undefined;
  });
}

/**
 * Deletes an entry on its person's request (privacy law): first no offer can be made to it any
 * more, then a unit held for this person goes to the next in line (each under its unit's lock),
 * then the entry goes, with its units, its offers and every message about them, which hold the
 * person's address. The audit trail (`within`) keeps the entry's id only. False for no such entry.
 */
export async function deleteEntry(db: Db, offerDeps: OfferDeps, id: number, now: Date, within: (trx: Db) => Promise<void>): Promise<boolean> {
  const exists = await db.selectFrom('waitlist_entries').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  await markEntryLeft(db, id, now);
  await passOnOffersOf(db, offerDeps, id, now);
  return db.transaction().execute(async (trx) => {
    const offers = await trx.selectFrom('waitlist_offers').select('id').where('entry_id', '=', id).execute();
    await deleteMessagesAbout(trx, [{ waitlistEntryId: id }, ...offers.map((o) => ({ waitlistOfferId: String(o.id) }))]);
    // Its units and offers go with it (on delete cascade).
    const row = await trx.deleteFrom('waitlist_entries').where('id', '=', id).returning('id').executeTakeFirst();
    if (!row) return false;
    await within(trx);
    return true;
  });
}
