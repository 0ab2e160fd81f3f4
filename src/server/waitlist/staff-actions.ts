import { lockUnit } from '../reservations/unit-lock.ts';
import type { Db } from '../db/database.ts';
import { isOfferable } from '../../shared/domain/waitlist-offers.ts';
import { closeOffer, nextInLine, openOfferOf, passOn, placeFreeUnit, type OfferDeps } from './unit-offers.ts';
import { problem, type Problem } from '../../shared/contract/problems.ts';

/*
 * What staff do to a unit's waitlist from the console: offer it now (to the next in line or to
 * an entry they choose), pass an entry over, pause and resume offering. Each runs in one
 * transaction under the unit's lock, with the audit row written by `within` in it.
 */

export type StaffRefusal = { kind: 'refused'; problem: Problem };
export type StaffResult = { kind: 'done' } | StaffRefusal;

const refuse = (why: Problem): StaffRefusal => ({ kind: 'refused', problem: why });

type Within = (trx: Db, details: Record<string, unknown>) => Promise<void>;

/** Offers the unit now: to `entryId`, or to the next in line; refused while an offer is open or a booking takes the unit. */
export async function offerByHand(db: Db, deps: OfferDeps, unitId: number, entryId: number | undefined, actor: string, now: Date, within: Within): Promise<StaffResult> {
  return db.transaction().execute(async (trx): Promise<StaffResult> => {
    await lockUnit(trx, unitId);
    const unit = await trx.selectFrom('offices').select(['retired_at', 'service_type']).where('id', '=', unitId).executeTakeFirst();
    if (!unit || unit.retired_at !== null) return refuse(problem('no_unit', { id: unitId }));
    if (!isOfferable(unit.service_type)) return refuse(problem('unit_not_offerable'));
    const open = await openOfferOf(trx, unitId);
    if (open) return refuse(problem('unit_already_offered', { entry: open.entry_id, until: open.expires_at.toISOString() }));
    let chosen = entryId;
    if (chosen === undefined) {
      chosen = await nextInLine(trx, unitId);
      if (chosen === undefined) return refuse(problem('nobody_waiting'));
    } else {
      const named = await trx
        .selectFrom('waitlist_entry_offices as w')
        .innerJoin('waitlist_entries as e', 'e.id', 'w.entry_id')
        .select(['w.status', 'e.left_at', 'e.claimed_at'])
        .where('w.entry_id', '=', chosen)
        .where('w.office_id', '=', unitId)
        .executeTakeFirst();
      if (!named) {
        const exists = await trx.selectFrom('waitlist_entries').select('id').where('id', '=', chosen).executeTakeFirst();
        return refuse(exists ? problem('entry_not_on_unit_waitlist', { entry: chosen }) : problem('no_waitlist_entry', { id: chosen }));
      }
      if (named.left_at !== null) return refuse(problem('entry_left', { entry: chosen }));
      if (named.claimed_at !== null) return refuse(problem('entry_claimed', { entry: chosen }));
    }
    const placed = await placeFreeUnit(trx, deps, unitId, now, { offeredBy: actor, forEntry: chosen });
    if (placed === 'taken') return refuse(problem('unit_taken'));
    // Left or served by another unit this very moment: nothing was changed.
    if (placed !== 'offered') return refuse(problem('entry_no_longer_waiting', { entry: chosen }));
    await within(trx, { entry_id: chosen });
    return { kind: 'done' };
  });
}

/** Passes an entry over for one of its units; skipping the open offer passes the unit to the next in line at once. */
export async function skipEntry(db: Db, deps: OfferDeps, entryId: number, unitId: number, now: Date, within: Within): Promise<StaffResult> {
  return db.transaction().execute(async (trx): Promise<StaffResult> => {
    await lockUnit(trx, unitId);
    const row = await trx.selectFrom('waitlist_entry_offices').select('status').where('entry_id', '=', entryId).where('office_id', '=', unitId).forUpdate().executeTakeFirst();
    if (!row) {
      const exists = await trx.selectFrom('waitlist_entries').select('id').where('id', '=', entryId).executeTakeFirst();
      return refuse(exists ? problem('entry_not_on_waitlist_of', { entry: entryId, unit: unitId }) : problem('no_waitlist_entry', { id: entryId }));
    }
    const open = await openOfferOf(trx, unitId);
    if (open && open.entry_id === entryId) {
      await passOn(trx, deps, open, 'skipped', now);
      await within(trx, { unit_id: unitId, offer_id: open.id });
      return { kind: 'done' };
    }
    if (row.status !== 'waiting') return refuse(problem('entry_not_waiting', { entry: entryId, status: row.status }));
    await trx.updateTable('waitlist_entry_offices').set({ status: 'skipped' }).where('entry_id', '=', entryId).where('office_id', '=', unitId).execute();
    await within(trx, { unit_id: unitId });
    return { kind: 'done' };
  });
}

/** Stops (or starts again) offering the unit to its waitlist: freed while paused, it goes on sale. An open offer runs its course. */
export async function setOffersPaused(db: Db, unitId: number, paused: boolean, now: Date, within: Within): Promise<StaffResult> {
  return db.transaction().execute(async (trx): Promise<StaffResult> => {
    await lockUnit(trx, unitId);
    const unit = await trx.selectFrom('offices').select(['retired_at', 'waitlist_paused_at']).where('id', '=', unitId).forUpdate().executeTakeFirst();
    if (!unit || unit.retired_at !== null) return refuse(problem('no_unit', { id: unitId }));
    if ((unit.waitlist_paused_at !== null) === paused) return refuse(problem(paused ? 'offers_already_paused' : 'offers_not_paused'));
    await trx.updateTable('offices').set({ waitlist_paused_at: paused ? now : null }).where('id', '=', unitId).execute();
    await within(trx, {});
    return { kind: 'done' };
  });
}

/**
 * What a change of the unit's availability by staff means for its waitlist, in the change's
 * transaction under the unit's lock: marked available while an offer holds it, it stays held
 * (the offer decides); marked available otherwise, it is freed (offered, or left on sale); marked
 * unavailable while offered, the offer is withdrawn and its person keeps their place (and the
 * offer's 'available from' date goes with it, unless staff give one).
 * `setAvailable` is what the update may write to is_available.
 */
export async function availabilityChange(
  trx: Db,
  unitId: number,
  wanted: boolean | undefined,
  now: Date,
): Promise<{ setAvailable: boolean | undefined; freed: boolean; withdrawn: boolean }> {
  if (wanted === undefined) return { setAvailable: undefined, freed: false, withdrawn: false };
  await lockUnit(trx, unitId);
  const before = await trx.selectFrom('offices').select('is_available').where('id', '=', unitId).forUpdate().executeTakeFirst();
  const open = await openOfferOf(trx, unitId);
  if (wanted && open) return { setAvailable: undefined, freed: false, withdrawn: false };
  if (!wanted && open) await closeOffer(trx, open, 'withdrawn', now);
  return { setAvailable: wanted, freed: wanted && before?.is_available === false, withdrawn: !wanted && open !== undefined };
}

