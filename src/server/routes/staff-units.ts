import { Hono, type Context } from 'hono';
import { createUnitInput, offerUnitInput, updateUnitInput } from '../../shared/contract/staff-console.ts';
import { offerByHand, setOffersPaused, type StaffResult } from '../waitlist/staff-actions.ts';
import type { AppContext } from '../deps.ts';
import { findStaffUnit, createUnit, listUnits, retireUnit, UnitCodeTakenError, updateUnit, unitWaitlist } from '../units/unit-changes.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { actorName } from '../staff/actor.ts';
import { pathParam, recordNumber } from '../http/path-params.ts';
import { recordAudit } from '../staff/audit.ts';

/**
 * Staff's inventory: every unit (retired ones too), a new unit, an edit, a retirement. Each
 * change drops this instance's copy of the public list at once; other instances' copies last
 * their few seconds.
 */
export function staffUnitRoutes(ctx: AppContext) {
  const answerUnit = async (c: Context, id: number, status: 200 | 201 = 200) => c.json({ success: true as const, unit: (await findStaffUnit(ctx.db, id))! }, status);
  const offerDeps = { keyring: ctx.config.bankingKeys };
  /** The unit's waitlist as it now is (unitQueueResponse). */
  const answerQueue = async (c: Context, id: number) => {
    const answer = await unitWaitlist(ctx.db, id);
    return answer ? c.json(answer) : problemAnswer(c, problem('no_unit', { id }));
  };
  /** A staff change of a unit's waitlist: refused with its reason, or answered with the queue it left. */
  const afterChange = async (c: Context, id: number, result: StaffResult) => {
    if (result.kind === 'refused') return problemAnswer(c, result.problem);
    ctx.unitList.invalidate();
    ctx.mailer?.wake();
    return answerQueue(c, id);
  };

  /** Pauses (or resumes) offering the unit to its waitlist. */
  const pauseOffers = async (c: Context, paused: boolean) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return problemAnswer(c, problem('not_a_unit_id'));
    const actor = actorOf(c);
    const now = ctx.clock();
    const action = paused ? 'waitlist_paused' : 'waitlist_resumed';
    const result = await setOffersPaused(ctx.db, id, paused, now, (trx) => recordAudit(trx, actor, { action, subjectType: 'unit', subjectId: id }, now));
    return afterChange(c, id, result);
  };

  return new Hono<StaffEnv>()
    .get('/', async (c) => c.json({ success: true as const, units: await listUnits(ctx.db) }))
    .post('/', jsonBody(createUnitInput), async (c) => {
      const input = c.var.body;
      const now = ctx.clock();
      try {
        const id = await createUnit(ctx.db, input, now, (trx, newId) =>
          recordAudit(trx, actorOf(c), { action: 'unit_created', subjectType: 'unit', subjectId: newId, details: { ...input } }, now),
        );
        ctx.unitList.invalidate();
        return answerUnit(c, id, 201);
      } catch (err) {
        if (err instanceof UnitCodeTakenError) return problemAnswer(c, fieldsProblem('unit_code_taken', [err.field]));
        throw err;
      }
    })
    .patch('/:id', jsonBody(updateUnitInput), async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_unit_id'));
      const input = c.var.body;
      if (Object.keys(input).length === 0) return problemAnswer(c, problem('nothing_to_change'));
      const now = ctx.clock();
      try {
        const found = await updateUnit(ctx.db, offerDeps, id, input, now, (trx) =>
          recordAudit(trx, actorOf(c), { action: 'unit_updated', subjectType: 'unit', subjectId: id, details: { ...input } }, now),
        );
        if (!found) return problemAnswer(c, problem('no_unit', { id }));
        ctx.unitList.invalidate();
        ctx.mailer?.wake();
        return answerUnit(c, id);
      } catch (err) {
        if (err instanceof UnitCodeTakenError) return problemAnswer(c, fieldsProblem('unit_code_taken', [err.field]));
        throw err;
      }
    })
    .get('/:id/waitlist', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_unit_id'));
      return answerQueue(c, id);
    })
    .post('/:id/waitlist/offer', jsonBody(offerUnitInput), async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_unit_id'));
      const actor = actorOf(c);
      const now = ctx.clock();
      const result = await offerByHand(ctx.db, offerDeps, id, c.var.body.entry_id, actorName(actor), now, (trx, details) =>
        recordAudit(trx, actor, { action: 'waitlist_offered', subjectType: 'unit', subjectId: id, details }, now),
      );
      return afterChange(c, id, result);
    })
    .post('/:id/waitlist/pause', (c) => pauseOffers(c, true))
    .post('/:id/waitlist/resume', (c) => pauseOffers(c, false))
    .post('/:id/retire', async (c) => {
      const id = pathParam(c, recordNumber);
      if (id === null) return problemAnswer(c, problem('not_a_unit_id'));
      const now = ctx.clock();
      const actor = actorOf(c);
      const result = await retireUnit(ctx.db, id, now, async (trx, expiredOffers) => {
        await recordAudit(trx, actor, { action: 'unit_retired', subjectType: 'unit', subjectId: id, details: expiredOffers.length > 0 ? { expired_offers: expiredOffers } : undefined }, now);
        for (const offerId of expiredOffers) {
          await recordAudit(trx, actor, { action: 'offer_expired', subjectType: 'lease_offer', subjectId: offerId, details: { unit_retired: id } }, now);
        }
      });
      if (result.kind === 'unknown') return problemAnswer(c, problem('no_unit', { id }));
      if (result.kind === 'already') return problemAnswer(c, problem('unit_already_retired'));
      ctx.unitList.invalidate();
      return answerUnit(c, id);
    });
}
