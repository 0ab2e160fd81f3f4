import { sql, type Selectable } from 'kysely';
import { isServiceType } from '../../shared/domain/products.ts';
import { availableAfterOffer, isOfferable, offerDeadline, offeredTypes, type OfferedType } from '../../shared/domain/waitlist-offers.ts';
import type { WaitlistOfferStatus, WaitlistUnitStatus } from '../../shared/domain/waitlist-states.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { lockUnit, releaseExpiredHolds } from '../reservations/unit-lock.ts';
import type { Db } from '../db/database.ts';
import { inLine } from './line.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { withdrawUnsentMessages } from '../outbox/outbox.ts';
import { hashSecretToken, newSecretToken } from '../secrets/secret-token.ts';
import { tellUnitOffered } from './waitlist-mail.ts';
import type { WaitlistOffersTable } from '../db/schema.ts';
import { takesItsDays } from '../reservations/takes-days.ts';

/*
 * The waitlist that fills a unit by itself. A unit frees up (staff mark it available, its rental
 * ends, or the offer it was under closes): the oldest entry waiting for it is offered it, and the
 * unit is held for that person during the claim window by a reservation of the offer, under the
 * same exclusion constraint that stops double booking. Declined, lapsed or skipped, the offer
 * goes to the next entry; with nobody left, the unit goes on sale.
 *
 * Every function here runs inside its caller's transaction, under the unit's lock (lockUnit), as
 * every change of a unit's holds does: two instances, or twenty staff clicks at once, take turns,
 * and the unique index on open offers makes a second open offer for a unit impossible anyway.
 */

/** Who made an offer when the server did so by itself. */
export const offeredByWaitlist = 'waitlist';

/** What an offer's e-mail carries, sealed in its outbox row: the two links' tokens. */
export interface OfferLinks {
  claim: string;
  decline: string;
}

export interface OfferDeps {
  /** Seals the links' tokens into the e-mail's row (BANKING_KEYS). */
  keyring: BankingKeyring;
}

/** What offering a unit reads of it, under its row lock. */
type UnitFacts = NonNullable<Awaited<ReturnType<typeof unitFacts>>>;

async function unitFacts(trx: Db, unitId: number) {
  const row = await trx
    .selectFrom('offices')
    .select(['id', 'service_type', 'is_available', sql<boolean>`retired_at is not null`.as('retired'), sql<boolean>`waitlist_paused_at is not null`.as('paused')])
    .where('id', '=', unitId)
    .forUpdate()
    .executeTakeFirst();
  return row;
}

/** Whether a booking, or another order's live hold, takes the unit from `today` on: then it is not free, whatever its flag says. */
async function isTaken(trx: Db, unitId: number, today: string, now: Date): Promise<boolean> {
  const row = await sql<{ n: number }>`select count(*)::int as n from reservations
    where office_id = ${unitId} and offer_id is null
      and ${takesItsDays(now)}
      and daterange(start_date, end_date, '[)') && daterange(${today}::date, null, '[)')`.execute(trx);
  return (row.rows[0]?.n ?? 0) > 0;
}

export type OpenOffer = Pick<Selectable<WaitlistOffersTable>, 'id' | 'entry_id' | 'office_id' | 'expires_at'>;

export async function openOfferOf(trx: Db, unitId: number): Promise<OpenOffer | undefined> {
  return trx.selectFrom('waitlist_offers').select(['id', 'entry_id', 'office_id', 'expires_at']).where('office_id', '=', unitId).where('status', '=', 'open').forUpdate().executeTakeFirst();
}

/** The oldest entry still waiting for the unit: not left, not served by another unit already. */
export async function nextInLine(trx: Db, unitId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('waitlist_entry_offices as w')
    .innerJoin('waitlist_entries as e', 'e.id', 'w.entry_id')
    .select('e.id')
    .where('w.office_id', '=', unitId)
    .where(inLine)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

async function putOnSale(trx: Db, unitId: number, now: Date): Promise<void> {
  await trx.updateTable('offices').set({ is_available: true, next_available_date: null, updated_at: now }).where('id', '=', unitId).execute();
}

/**
 * Offers the unit to the entry: the offer and its hold, the entry's status for the unit, the
 * unit off sale until the day after the window, and the e-mail with both links. The links'
 * tokens leave this function only sealed in the e-mail's row.
 */
async function makeOffer(trx: Db, deps: OfferDeps, unit: UnitFacts & { service_type: OfferedType }, entryId: number, now: Date, offeredBy: string): Promise<string | null> {
  // Read under a share lock: a person leaving (or served elsewhere) right now either commits
  // first, and is seen here, or waits for this offer and then passes it on.
  const entry = await trx.selectFrom('waitlist_entries').select(['language', 'left_at', 'claimed_at']).where('id', '=', entryId).forShare().executeTakeFirst();
  if (!entry || entry.left_at !== null || entry.claimed_at !== null) return null;
  const expiresAt = offerDeadline(now, unit.service_type);
  const links: OfferLinks = { claim: newSecretToken(), decline: newSecretToken() };
  const offer = await trx
    .insertInto('waitlist_offers')
    .values({
      entry_id: entryId,
      office_id: unit.id,
      status: 'open',
      offered_at: now,
      deadline_at: expiresAt,
      expires_at: expiresAt,
      claim_token_hash: hashSecretToken(links.claim),
      decline_token_hash: hashSecretToken(links.decline),
      offered_by: offeredBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offerId = String(offer.id);
  await sql`insert into reservations (offer_id, office_id, kind, start_date, end_date, status, expires_at, created_at)
    values (${offerId}, ${unit.id}, 'rental', ${spaceToday(now)}::date, null, 'held', ${expiresAt}, ${now})`.execute(trx);
  await trx.updateTable('waitlist_entry_offices').set({ status: 'offered' }).where('entry_id', '=', entryId).where('office_id', '=', unit.id).execute();
  await trx.updateTable('offices').set({ is_available: false, next_available_date: availableAfterOffer(expiresAt), updated_at: now }).where('id', '=', unit.id).execute();
  await tellUnitOffered(trx, deps.keyring, offerId, links, entry.language ?? 'en', now);
  return offerId;
}

export type PlaceResult = 'offered' | 'on_sale' | 'taken' | 'unchanged';

/**
 * The unit is free (marked available, its rental over, or its offer closed): offered to the
 * next entry waiting for it, else on sale. Nothing changes for a retired unit, one already under
 * an open offer, or one a booking still takes (the flag was wrong, not the booking).
 * `forEntry` offers it to that entry instead of the next (staff, by hand).
 */
export async function placeFreeUnit(trx: Db, deps: OfferDeps, unitId: number, now: Date, options: { offeredBy?: string; forEntry?: number } = {}): Promise<PlaceResult> {
  const unit = await unitFacts(trx, unitId);
  if (!unit || unit.retired) return 'unchanged';
  if (await openOfferOf(trx, unitId)) return 'unchanged';
  // A hold whose time is up still counts for the constraint until it is released.
  await releaseExpiredHolds(trx, unitId, now);
  if (await isTaken(trx, unitId, spaceToday(now), now)) return 'taken';
  const type = unit.service_type;
  if (isServiceType(type) && isOfferable(type)) {
    const offerable = { ...unit, service_type: type };
    const offeredBy = options.offeredBy ?? offeredByWaitlist;
    if (options.forEntry !== undefined) return (await makeOffer(trx, deps, offerable, options.forEntry, now, offeredBy)) ? 'offered' : 'unchanged';
    // The next in line, past anyone who left or was served meanwhile.
    for (let tries = 0; !unit.paused && tries < 5; tries++) {
      const entryId = await nextInLine(trx, unitId);
      if (entryId === undefined) break;
      if (await makeOffer(trx, deps, offerable, entryId, now, offeredBy)) return 'offered';
    }
  }
  await putOnSale(trx, unitId, now);
  return 'on_sale';
}

/** The status an entry keeps for the unit once its offer closes this way. */
const unitStatusAfter: Record<Exclude<WaitlistOfferStatus, 'open'>, WaitlistUnitStatus> = {
  claimed: 'claimed',
  declined: 'declined',
  expired: 'expired',
  skipped: 'skipped',
  // Taken back by staff (the unit is not free after all): the person keeps their place.
  withdrawn: 'waiting',
};

/** Closes an open offer: its hold stops holding, and its entry's status for the unit says how it ended. */
export async function closeOffer(trx: Db, offer: Pick<OpenOffer, 'id' | 'entry_id' | 'office_id'>, status: Exclude<WaitlistOfferStatus, 'open'>, now: Date): Promise<void> {
  await trx.updateTable('waitlist_offers').set({ status, closed_at: now }).where('id', '=', offer.id).where('status', '=', 'open').execute();
  await trx.updateTable('reservations').set({ status: 'released' }).where('offer_id', '=', offer.id).where('status', '=', 'held').execute();
  await trx.updateTable('waitlist_entry_offices').set({ status: unitStatusAfter[status] }).where('entry_id', '=', offer.entry_id).where('office_id', '=', offer.office_id).execute();
  // Its e-mail, if it has not gone yet, would offer what is no longer held.
  await withdrawUnsentMessages(trx, 'waitlist_offer', { waitlistOfferId: String(offer.id) }, 'the offer ended before its e-mail could be sent', now);
}

/** Closes the unit's open offer (declined, lapsed, skipped, withdrawn) and passes the unit on: to the next in line, else on sale. */
export async function passOn(trx: Db, deps: OfferDeps, offer: OpenOffer, status: 'declined' | 'expired' | 'skipped' | 'withdrawn', now: Date): Promise<PlaceResult> {
  await closeOffer(trx, offer, status, now);
  return placeFreeUnit(trx, deps, offer.office_id, now);
}

/** An offer as its links find it, with its lock taken (call under its unit's lock). */
export interface LinkedOffer extends OpenOffer {
  status: WaitlistOfferStatus;
}

export async function lockedOffer(trx: Db, offerId: string): Promise<LinkedOffer | undefined> {
  return trx.selectFrom('waitlist_offers').select(['id', 'entry_id', 'office_id', 'status', 'expires_at']).where('id', '=', offerId).forUpdate().executeTakeFirst();
}

/** The offer whose claim or decline link holds this token (its hash), without a lock. */
export async function offerByToken(db: Db, link: 'claim' | 'decline', token: string): Promise<{ id: string; office_id: number } | undefined> {
  return db
    .selectFrom('waitlist_offers')
    .select(['id', 'office_id'])
    .where(link === 'claim' ? 'claim_token_hash' : 'decline_token_hash', '=', hashSecretToken(token))
    .executeTakeFirst();
}

export type DeclineResult = { kind: 'declined' } | { kind: 'closed'; status: WaitlistOfferStatus } | { kind: 'unknown' };

/** 'Not interested': the offer closes and the unit goes to the next in line. Asked again, it finds its own decline. */
export async function declineOffer(db: Db, deps: OfferDeps, token: string, now: Date): Promise<DeclineResult> {
  const found = await offerByToken(db, 'decline', token);
  if (!found) return { kind: 'unknown' };
  return db.transaction().execute(async (trx): Promise<DeclineResult> => {
    await lockUnit(trx, found.office_id);
    const offer = (await lockedOffer(trx, found.id))!;
    if (offer.status === 'declined') return { kind: 'declined' };
    // Lapsed already, though the round has not closed it yet: the next person's turn has come either way.
    if (offer.status !== 'open' || offer.expires_at <= now) return { kind: 'closed', status: offer.status === 'open' ? 'expired' : offer.status };
    await passOn(trx, deps, offer, 'declined', now);
    return { kind: 'declined' };
  });
}

/** Offers whose claim window has ended and that are still open, oldest first. */
export async function dueOffers(db: Db, now: Date, limit: number): Promise<{ id: string; office_id: number }[]> {
  return db.selectFrom('waitlist_offers').select(['id', 'office_id']).where('status', '=', 'open').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

/**
 * Closes one lapsed offer and passes its unit on; false when another instance did it first (or a
 * checkout extended it). An offer whose person claimed another unit meanwhile was ended for this
 * round to pass on: it is withdrawn rather than lapsed.
 */
export async function expireOffer(db: Db, deps: OfferDeps, due: { id: string; office_id: number }, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockUnit(trx, due.office_id);
    const offer = await lockedOffer(trx, due.id);
    if (!offer || offer.status !== 'open' || offer.expires_at > now) return false;
    const entry = await trx.selectFrom('waitlist_entries').select('claimed_at').where('id', '=', offer.entry_id).executeTakeFirst();
    await passOn(trx, deps, offer, entry?.claimed_at ? 'withdrawn' : 'expired', now);
    return true;
  });
}

/**
 * Units whose rental has ended by `today`: marked unavailable until a date that has come, not
 * retired, of a kind a waitlist fills, and under no open offer.
 */
export async function unitsFreedByDate(db: Db, today: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('offices as o')
    .select('o.id')
    .where('o.is_available', '=', false)
    .where('o.retired_at', 'is', null)
    .where(sql<boolean>`o.next_available_date <= ${today}::date`)
    .where('o.service_type', 'in', offeredTypes)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('waitlist_offers as f').select('f.id').whereRef('f.office_id', '=', 'o.id').where('f.status', '=', 'open'))))
    // Still booked past its date (a lease whose end staff typed in): not free; the date is what is wrong, for staff to see.
    .where(
      sql<boolean>`not exists (select 1 from reservations r where r.office_id = o.id and r.offer_id is null and r.status = 'booked'
        and daterange(r.start_date, r.end_date, '[)') && daterange(${today}::date, null, '[)'))`,
    )
    .orderBy('o.next_available_date')
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A unit whose rental has ended, passed to its waitlist or put on sale, under its lock; false when it no longer qualifies. */
export async function freeEndedRental(db: Db, deps: OfferDeps, unitId: number, now: Date): Promise<boolean> {
  const today = spaceToday(now);
  return db.transaction().execute(async (trx) => {
    await lockUnit(trx, unitId);
    const unit = await trx
      .selectFrom('offices')
      .select(['is_available', sql<string | null>`next_available_date::text`.as('next_available_date'), 'retired_at'])
      .where('id', '=', unitId)
      .forUpdate()
      .executeTakeFirst();
    if (!unit || unit.is_available || unit.retired_at !== null || unit.next_available_date === null || unit.next_available_date > today) return false;
    if (await openOfferOf(trx, unitId)) return false;
    // Still booked past its date (a rental whose end was not recorded): it is not free; the date is what is wrong.
    if (await isTaken(trx, unitId, today, now)) return false;
    return (await placeFreeUnit(trx, deps, unitId, now)) !== 'unchanged';
  });
}


/**
 * The entry's open offers end ('declined': its person no longer wants them) and each unit goes
 * to the next in line, each in a transaction of its own under its unit's lock. Run after the
 * entry's own change (left, deleted) has committed: no offer is made to it from then on, and
 * one being made meanwhile has committed by then (it holds the entry's row), so it is seen here.
 */
export async function passOnOffersOf(db: Db, deps: OfferDeps, entryId: number, now: Date): Promise<number> {
  const offers = await db.selectFrom('waitlist_offers').select(['id', 'office_id']).where('entry_id', '=', entryId).where('status', '=', 'open').orderBy('office_id').execute();
  let passed = 0;
  for (const { id, office_id } of offers) {
    const done = await db.transaction().execute(async (trx) => {
      await lockUnit(trx, office_id);
      const offer = await lockedOffer(trx, id);
      if (offer?.status !== 'open') return false;
      await passOn(trx, deps, offer, 'declined', now);
      return true;
    });
    if (done) passed++;
  }
  return passed;
}

/** Marks the entry left (no offer is made to it from now on); false when it already was. */
export async function markEntryLeft(db: Db, entryId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('waitlist_entries').set({ left_at: now }).where('id', '=', entryId).where('left_at', 'is', null).returning('id').executeTakeFirst();
  return row !== undefined;
}

export type LeaveResult = { kind: 'left'; replay: boolean } | { kind: 'unknown' };

/** The person leaves the waitlist (its link): no more offers, and any open offer goes to the next in line. */
export async function leaveWaitlist(db: Db, deps: OfferDeps, token: string, now: Date): Promise<LeaveResult> {
  const entry = await db.selectFrom('waitlist_entries').select('id').where('leave_token_hash', '=', hashSecretToken(token)).executeTakeFirst();
  if (!entry) return { kind: 'unknown' };
  const left = await markEntryLeft(db, entry.id, now);
  // Asked again (a double tap, a retry after a lost answer): any offer still open is passed on all the same.
  await passOnOffersOf(db, deps, entry.id, now);
  return { kind: 'left', replay: !left };
}

/**
 * A checkout started from the claim link, before the deadline: the offer must still be open, and
 * it is kept open (its hold too) for as long as the checkout can still be paid, should that
 * outlast the claim window (so by one checkout's length at most). Under the unit's lock, in the
 * order's transaction. False: the offer is over.
 */
export async function keepOfferForCheckout(trx: Db, offerId: string, payableUntil: Date, now: Date): Promise<boolean> {
  const offer = await trx.selectFrom('waitlist_offers').select(['id', 'office_id', 'status', 'deadline_at', 'expires_at']).where('id', '=', offerId).forUpdate().executeTakeFirst();
  // Only before the deadline: checkouts started one after another cannot hold the unit for ever.
  if (!offer || offer.status !== 'open' || offer.deadline_at <= now || offer.expires_at <= now) return false;
  if (payableUntil > offer.expires_at) {
    await trx.updateTable('waitlist_offers').set({ expires_at: payableUntil }).where('id', '=', offerId).execute();
    await trx.updateTable('reservations').set({ expires_at: payableUntil }).where('offer_id', '=', offerId).where('status', '=', 'held').execute();
    await trx.updateTable('offices').set({ next_available_date: availableAfterOffer(payableUntil), updated_at: now }).where('id', '=', offer.office_id).execute();
  }
  return true;
}

/**
 * A payment for an order placed through a claim link, in the payment's transaction under the
 * unit's lock. The offer still open: it is claimed (its hold gives way to the order's booking),
 * the entry is served, and the entry's other open offers end at once for the round to pass on.
 * The offer over (or gone with its entry, deleted on request: `offerId` null): the payment still
 * books the unit if it is on sale and nobody holds it ('free'), else it came too late ('taken',
 * refunded by the caller).
 */
export async function settleClaim(trx: Db, order: { id: string; offerId: string | null; unitId: number; from: string }, now: Date): Promise<'claimed' | 'free' | 'taken'> {
  const offer = order.offerId === null ? undefined : await lockedOffer(trx, order.offerId);
  if (offer?.status === 'open') {
    await closeOffer(trx, offer, 'claimed', now);
    await trx.updateTable('waitlist_offers').set({ order_id: order.id }).where('id', '=', offer.id).execute();
    await trx.updateTable('waitlist_entries').set({ claimed_at: now }).where('id', '=', offer.entry_id).execute();
    await trx.updateTable('waitlist_offers').set({ expires_at: now }).where('entry_id', '=', offer.entry_id).where('status', '=', 'open').execute();
    return 'claimed';
  }
  const unit = await trx.selectFrom('offices').select('is_available').where('id', '=', order.unitId).executeTakeFirst();
  if (!unit?.is_available || (await isTaken(trx, order.unitId, order.from, now)) || (await openOfferOf(trx, order.unitId))) return 'taken';
  return 'free';
}
