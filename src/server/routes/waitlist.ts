import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { idempotencyKeyPattern } from '../http/idempotency-key.ts';
import { waitlistEntryPayload, waitlistProblemHeader, waitlistProblemOf, type WaitlistEntryPayload } from '../../shared/contract/waitlist.ts';
import { isRentable, isServiceType } from '../../shared/domain/products.ts';
import { site } from '../../shared/site.ts';
import { waitlistProblemEn, type WaitlistProblem } from '../../shared/domain/waitlist-rules.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import type { Db } from '../db/database.ts';
import { jsonError } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { hashSecretToken, newSecretToken } from '../secrets/secret-token.ts';

/** The entry as stored, in a fixed key order, so the same entry always hashes the same. */
interface CanonicalEntry {
  customer_name: string;
  email: string;
  phone: string | null;
  number_of_users: number;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  desired_start_date: string | null;
  service_offering_ids: string[];
}

function toCents(dollars: number | null | undefined): number | null {
  return dollars == null ? null : Math.round(dollars * 100);
}

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

/**
 * A refused entry: the body's `error` is the problem's English text (SPEC call 4 reads it), the
 * header its code, for a client to say it in its visitor's language.
 */
function problem(c: Context, key: WaitlistProblem) {
  c.header(waitlistProblemHeader, key);
  return jsonError(c, 400, waitlistProblemEn[key]);
}

/** The offices' row ids, in the visitor's order; a problem when one is missing or has no waitlist. */
async function resolveOffices(db: Db, ids: readonly string[]): Promise<number[] | WaitlistProblem> {
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
async function storeEntry(deps: AppDeps, entry: CanonicalEntry, language: 'en' | 'fr' | null, officeIds: number[], key: string | null, hash: string): Promise<Stored> {
  const now = deps.clock();
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
      .values(officeIds.map((officeId, i) => ({ entry_id: row.id, office_id: officeId, position: i + 1 })))
      .execute();
    const about = { waitlistEntryId: row.id };
    await enqueueMessage(trx, { kind: 'waitlist_received', to: entry.email, language: language ?? 'en', about, secret: { keyring: deps.config.bankingKeys, text: leaveToken } }, now);
    await enqueueMessage(trx, { kind: 'staff_waitlist_entry', to: site.operations.email, language: site.operations.language, about }, now);
    return row.id;
  });
  if (inserted !== undefined) {
    deps.mailer?.wake();
    return { kind: 'created', id: inserted };
  }
  // Only a keyed insert can hit the conflict, and the row that won is committed by now.
  const existing = key === null ? undefined : await findByKey(deps.db, key, hash);
  if (!existing) throw new Error('waitlist entry insert did nothing, yet no entry holds its key');
  return existing;
}

/** SPEC call 4: POST /public-api/waitlist. */
export function waitlistRoutes(deps: AppDeps) {
  return new Hono<{ Variables: { idempotencyKey: string | null } }>().post(
    '/',
    async (c, next) => {
      const key = c.req.header('idempotency-key') ?? null;
      if (key !== null && !idempotencyKeyPattern.test(key)) {
        return jsonError(c, 400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
      }
      c.set('idempotencyKey', key);
      await next();
    },
    // A start date in the past is refused by the form, not here: an entry queued offline may
    // arrive days after the visitor filled it in, and it must not be lost for that.
    jsonBody(waitlistEntryPayload, (issues, c) => problem(c, waitlistProblemOf({ issues }))),
    async (c) => {
      const key = c.var.idempotencyKey;
      const entry = canonicalEntry(c.var.body);
      const hash = hashEntry(entry);
      const answer = (stored: Stored) => {
        if (stored.kind === 'conflict') {
          return jsonError(c, 422, 'This Idempotency-Key was already used for a different waitlist entry');
        }
        if (stored.kind === 'replay') c.header('Idempotent-Replayed', 'true');
        return c.json({ success: true as const, id: stored.id }, 201);
      };

      if (key !== null) {
        const earlier = await findByKey(deps.db, key, hash);
        if (earlier) return answer(earlier);
      }
      const officeIds = await resolveOffices(deps.db, entry.service_offering_ids);
      if (typeof officeIds === 'string') return problem(c, officeIds);
      return answer(await storeEntry(deps, entry, c.var.body.language ?? null, officeIds, key, hash));
    },
  );
}
