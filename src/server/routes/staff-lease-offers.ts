import { Hono, type Context } from 'hono';
import { createOfferInput } from '../../shared/contract/staff-console.ts';
import { unitsNotFreeFrom } from '../lease/tenancy-units.ts';
import type { AppDeps } from '../deps.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { createOffer, findOfferByCode, findOfferById, listOffers, reissueOffer, type OfferInvitation } from '../lease/lease-offers.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { siteOrigins } from '../http/public-origin.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import type { StaffActor } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';
import { signedAgreementAnswer } from './lease.ts';
import { pathParam, recordNumber } from '../http/path-params.ts';
import { expireOfferByStaff, newOfferOf, offerDetail, invitationLanguageOf } from '../lease/staff-offers.ts';

/** The public address of offers without their code, on the site's (first) public origin. */
function offerLinkBase(c: Context, deps: AppDeps): string {
  return `${siteOrigins(c, deps.config)[0]}/lease/`;
}

function invitation(c: Context, deps: AppDeps, language: OfferInvitation['language']): OfferInvitation {
  return { linkBase: offerLinkBase(c, deps), language, keyring: deps.config.bankingKeys };
}

/** Closes an unsigned offer and records who did (lease/staff-offers.ts expireOfferByStaff). */
async function expireAnswer(c: Context, deps: AppDeps, offer: OfferRecord | undefined, actor: StaffActor) {
  if (!offer) return problemAnswer(c, problem('lease_offer_not_found'));
  const now = deps.clock();
  const outcome = await expireOfferByStaff(deps.db, offer.id, (trx) => recordAudit(trx, actor, { action: 'offer_expired', subjectType: 'lease_offer', subjectId: offer.id }, now));
  if (outcome === 'unknown') return problemAnswer(c, problem('lease_offer_not_found'));
  if (outcome === 'signed') return problemAnswer(c, problem('signed_offer_cannot_expire'));
  return c.json({ success: true, status: 'expired' as const });
}

/**
 * Staff: create, list, read, resend and expire lease offers, and download a signed agreement
 * (behind the staff check of app.ts). Offers are named by their number here; the command line's
 * expire by code stays.
 */
export function staffLeaseOfferRoutes(deps: AppDeps) {
  const app = new Hono<StaffEnv>();

  // Staff see one problem at a time, the first.
  app.post('/', jsonBody(createOfferInput, (fields) => fieldsProblem('invalid_request', fields.slice(0, 1))), async (c) => {
    const input = c.var.body;
    const now = deps.clock();

    const made = await newOfferOf(deps.db, input, now);
    if (!('offer' in made)) return problemAnswer(c, fieldsProblem('invalid_request', [made]));
    const actor = actorOf(c);
    const { id, code } = await createOffer(
      deps.db,
      made.offer,
      now,
      input.send_email ? invitation(c, deps, input.language) : null,
      (trx, newId) =>
        recordAudit(
          trx,
          actor,
          { action: 'offer_created', subjectType: 'lease_offer', subjectId: newId, details: { email: input.email, offices: made.codes, emailed: input.send_email } },
          now,
        ),
    );
    if (input.send_email) deps.mailer?.wake();
    // Staff are told which units are not free from the lease's start: its signing would be refused, or staff's own flag says they are occupied.
    const notFree = await unitsNotFreeFrom(deps.db, made.offer.office_ids, made.offer.start_date, now);
    return c.json({ success: true, id, code, url: `${offerLinkBase(c, deps)}${code}`, emailed: input.send_email, not_free: notFree }, 201);
  });

  app.get('/', async (c) => {
    return c.json({ success: true, offers: await listOffers(deps.db, deps.clock()) });
  });

  // An offer's number is checked in each handler, not in the path ('/:id{[0-9]+}'): parameters of
  // different patterns at one place in the server's paths are routes Hono's RegExpRouter cannot
  // take, and one such route sends every request of the server through its slower TrieRouter.

  app.get('/:id', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return problemAnswer(c, problem('not_an_offer_number'));
    const offer = await findOfferById(deps.db, id);
    if (!offer) return problemAnswer(c, problem('lease_offer_not_found'));
    return c.json({ success: true as const, ...(await offerDetail(deps.db, offer, deps.clock())) });
  });

  // Whatever body comes with it is not read: a resend always e-mails the offer's address, in its language.
  app.post('/:id/resend', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return problemAnswer(c, problem('not_an_offer_number'));
    const now = deps.clock();
    const language = await invitationLanguageOf(deps.db, id);
    if (!language) return problemAnswer(c, problem('lease_offer_not_found'));
    const actor = actorOf(c);
    const result = await reissueOffer(deps.db, id, now, invitation(c, deps, language), (trx) =>
      recordAudit(trx, actor, { action: 'offer_resent', subjectType: 'lease_offer', subjectId: id }, now),
    );
    if (result.kind === 'unknown') return problemAnswer(c, problem('lease_offer_not_found'));
    if (result.kind === 'closed') return problemAnswer(c, problem(result.status === 'signed' ? 'offer_signed_nothing_to_resend' : 'offer_expired_create_new'));
    if (result.kind === 'sending') return problemAnswer(c, problem('invitation_being_sent'));
    deps.mailer?.wake();
    return c.json({ success: true as const, id, code: result.code, url: `${offerLinkBase(c, deps)}${result.code}`, emailed: true });
  });

  // The console names an offer by its number, the command line by its code: one route for both.
  app.post('/:id/expire', async (c) => {
    const named = c.req.param('id');
    if (!/^[0-9]+$/.test(named)) return expireAnswer(c, deps, await findOfferByCode(deps.db, named), actorOf(c));
    const id = pathParam(c, recordNumber);
    if (id === null) return problemAnswer(c, problem('not_an_offer_number'));
    return expireAnswer(c, deps, await findOfferById(deps.db, id), actorOf(c));
  });

  app.get('/:id/agreement.pdf', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return problemAnswer(c, problem('not_an_offer_number'));
    const offer = await findOfferById(deps.db, id);
    if (!offer) return problemAnswer(c, problem('lease_offer_not_found'));
    return signedAgreementAnswer(c, deps, offer, offer.signature?.language ?? offer.contract_language, String(offer.id));
  });

  return app;
}
