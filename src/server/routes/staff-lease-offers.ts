import { Hono, type Context } from 'hono';
import { createOfferInput, type StaffOfferDetail } from '../../shared/contract/staff-console.ts';
import { rateToCents } from '../../shared/domain/pricing.ts';
import { addDays, isIsoDate } from '../../shared/domain/time.ts';
import { endOfSpaceDay, spaceToday } from '../../shared/domain/zoned-time.ts';
import type { AppDeps } from '../deps.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { createOffer, effectiveStatus, expireOffer, findOfferByCode, findOfferById, listOffers, reissueOffer, type OfferInvitation } from '../lease/lease-offers.ts';
import { jsonError } from '../http/errors.ts';
import { issuesText, jsonBody } from '../http/json-body.ts';
import { siteOrigins } from '../http/public-origin.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import type { StaffActor } from '../staff/actor.ts';
import { auditOf, recordAudit } from '../staff/audit.ts';
import { signedAgreementAnswer } from './lease.ts';
import { pathParam, recordNumber } from '../http/path-params.ts';

/** An offer left open stays valid this long unless expires_at says otherwise. */
export const defaultOfferValidityDays = 30;
/** No offer stays open longer: its terms (rates, start date) would be stale by then. */
const maxOfferValidityDays = 366;

/** The public address of offers without their code, on the site's (first) public origin. */
function offerLinkBase(c: Context, deps: AppDeps): string {
  return `${siteOrigins(c, deps.config)[0]}/lease/`;
}

function invitation(c: Context, deps: AppDeps, language: OfferInvitation['language']): OfferInvitation {
  return { linkBase: offerLinkBase(c, deps), language, keyring: deps.config.bankingKeys };
}

/** An offer as the console's detail shows it. */
async function offerDetail(deps: AppDeps, offer: OfferRecord): Promise<Omit<StaffOfferDetail, 'success'>> {
  const offices = await deps.db
    .selectFrom('lease_offer_services as ls')
    .innerJoin('offices as f', 'f.id', 'ls.office_id')
    .select(['f.id', 'f.office_id', 'f.name'])
    .where('ls.offer_id', '=', offer.id)
    .orderBy('f.id')
    .execute();
  return {
    offer: {
      id: offer.id,
      email: offer.email,
      company_name: offer.company_name,
      contact_name: offer.contact_name,
      status: effectiveStatus(offer, deps.clock()),
      offices,
      start_date: offer.start_date,
      monthly_rate_cents: offer.monthly_rate_cents,
      monthly_discount_cents: offer.monthly_discount_cents,
      signup_discount_cents: offer.signup_discount_cents,
      lease_term_months: offer.lease_term_months,
      move_in_fee_type: offer.move_in_fee_type,
      move_in_fee_amount_cents: offer.move_in_fee_amount_cents,
      language: offer.contract_language,
      created_at: offer.created_at.toISOString(),
      expires_at: offer.expires_at.toISOString(),
      signed_at: offer.signature?.signed_at.toISOString() ?? null,
      has_signed_pdf: offer.signature !== null,
    },
    audit: await auditOf(deps.db, 'lease_offer', offer.id),
  };
}

/**
 * Closes an unsigned offer and records who did. The offer's row is locked and read again in the
 * transaction: one signed since the request found it (the tenant was quicker) is a 409, as a
 * signed one always is; one already expired stays expired, 200 with nothing recorded (expiring
 * is what was asked, and it is so).
 */
async function expireAnswer(c: Context, deps: AppDeps, offer: OfferRecord | undefined, actor: StaffActor) {
  if (!offer) return jsonError(c, 404, 'Lease offer not found');
  const now = deps.clock();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('lease_offers').select('status').where('id', '=', offer.id).forUpdate().executeTakeFirst();
    if (!locked) return 'unknown' as const;
    if (locked.status === 'signed') return 'signed' as const;
    if (!(await expireOffer(trx, offer.id))) return 'already' as const;
    await recordAudit(trx, actor, { action: 'offer_expired', subjectType: 'lease_offer', subjectId: offer.id }, now);
    return 'expired' as const;
  });
  if (outcome === 'unknown') return jsonError(c, 404, 'Lease offer not found');
  if (outcome === 'signed') return jsonError(c, 409, 'A signed offer cannot be expired');
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
  app.post('/', jsonBody(createOfferInput, ([first]) => (first ? issuesText([first]) : 'Invalid offer')), async (c) => {
    const input = c.var.body;
    const now = deps.clock();

    const wantedIds = input.office_ids.filter((id): id is number => typeof id === 'number');
    const wantedCodes = input.office_ids.filter((id): id is string => typeof id === 'string');
    const offices = await deps.db
      .selectFrom('offices')
      .select(['id', 'office_id', 'base_monthly_rate', 'retired_at'])
      .where((eb) =>
        eb.or([
          ...(wantedIds.length ? [eb('id', 'in', wantedIds)] : []),
          ...(wantedCodes.length ? [eb('office_id', 'in', wantedCodes)] : []),
        ]),
      )
      .execute();
    const unknown = input.office_ids.filter((id) => !offices.some((o) => o.id === id || o.office_id === id));
    if (unknown.length) return jsonError(c, 400, `office_ids: no such office: ${unknown.join(', ')}`);
    const retired = offices.filter((o) => o.retired_at !== null);
    if (retired.length) return jsonError(c, 400, `office_ids: retired, no longer offered: ${retired.map((o) => o.office_id).join(', ')}`);

    let monthlyRateCents: number;
    if (input.monthly_rate !== undefined) {
      monthlyRateCents = Math.round(input.monthly_rate * 100);
    } else {
      const rates = offices.map((o) => rateToCents(o.base_monthly_rate));
      if (rates.some((r) => r === null)) return jsonError(c, 400, 'monthly_rate: required when an office has no list price');
      monthlyRateCents = rates.reduce<number>((sum, r) => sum + (r ?? 0), 0);
    }

    const expiresAt = input.expires_at
      ? isIsoDate(input.expires_at)
        ? endOfSpaceDay(input.expires_at)
        : new Date(input.expires_at)
      : endOfSpaceDay(addDays(spaceToday(now), defaultOfferValidityDays));
    if (expiresAt.getTime() <= now.getTime()) return jsonError(c, 400, 'expires_at: must be in the future');
    if (!(expiresAt.getTime() <= now.getTime() + maxOfferValidityDays * 86_400_000)) return jsonError(c, 400, `expires_at: must be within ${maxOfferValidityDays} days`);

    const actor = actorOf(c);
    const { id, code } = await createOffer(
      deps.db,
      {
        email: input.email,
        company_name: input.company_name ?? null,
        contact_name: input.contact_name ?? null,
        office_ids: offices.map((o) => o.id),
        start_date: input.start_date,
        monthly_rate_cents: monthlyRateCents,
        monthly_discount_cents: Math.round(input.monthly_discount * 100),
        signup_discount_cents: Math.round(input.signup_discount * 100),
        lease_term_months: input.lease_term_months,
        move_in_fee_type: input.move_in_fee_type,
        move_in_fee_amount_cents:
          input.move_in_fee_amount === undefined || input.move_in_fee_amount === null ? null : Math.round(input.move_in_fee_amount * 100),
        expires_at: expiresAt,
      },
      now,
      input.send_email ? invitation(c, deps, input.language) : null,
      (trx, newId) =>
        recordAudit(
          trx,
          actor,
          { action: 'offer_created', subjectType: 'lease_offer', subjectId: newId, details: { email: input.email, offices: offices.map((o) => o.office_id), emailed: input.send_email } },
          now,
        ),
    );
    if (input.send_email) deps.mailer?.wake();
    return c.json({ success: true, id, code, url: `${offerLinkBase(c, deps)}${code}`, emailed: input.send_email }, 201);
  });

  app.get('/', async (c) => {
    return c.json({ success: true, offers: await listOffers(deps.db, deps.clock()) });
  });

  // An offer's number is checked in each handler, not in the path ('/:id{[0-9]+}'): parameters of
  // different patterns at one place in the server's paths are routes Hono's RegExpRouter cannot
  // take, and one such route sends every request of the server through its slower TrieRouter.

  app.get('/:id', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    const offer = await findOfferById(deps.db, id);
    if (!offer) return jsonError(c, 404, 'Lease offer not found');
    return c.json({ success: true as const, ...(await offerDetail(deps, offer)) });
  });

  // Whatever body comes with it is not read: a resend always e-mails the offer's address, in its language.
  app.post('/:id/resend', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    const now = deps.clock();
    const language = (await deps.db.selectFrom('lease_offers').select('contract_language').where('id', '=', id).executeTakeFirst())?.contract_language;
    if (!language) return jsonError(c, 404, 'Lease offer not found');
    const actor = actorOf(c);
    const result = await reissueOffer(deps.db, id, now, invitation(c, deps, language), (trx) =>
      recordAudit(trx, actor, { action: 'offer_resent', subjectType: 'lease_offer', subjectId: id }, now),
    );
    if (result.kind === 'unknown') return jsonError(c, 404, 'Lease offer not found');
    if (result.kind === 'closed') return jsonError(c, 409, result.status === 'signed' ? 'This offer is signed: there is nothing to resend' : 'This offer has expired: create a new one');
    if (result.kind === 'sending') return jsonError(c, 409, 'The invitation is being sent right now: try again in a few minutes');
    deps.mailer?.wake();
    return c.json({ success: true as const, id, code: result.code, url: `${offerLinkBase(c, deps)}${result.code}`, emailed: true });
  });

  // The console names an offer by its number, the command line by its code: one route for both.
  app.post('/:id/expire', async (c) => {
    const named = c.req.param('id');
    if (!/^[0-9]+$/.test(named)) return expireAnswer(c, deps, await findOfferByCode(deps.db, named), actorOf(c));
    const id = pathParam(c, recordNumber);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    return expireAnswer(c, deps, await findOfferById(deps.db, id), actorOf(c));
  });

  app.get('/:id/agreement.pdf', async (c) => {
    const id = pathParam(c, recordNumber);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    const offer = await findOfferById(deps.db, id);
    if (!offer) return jsonError(c, 404, 'Lease offer not found');
    return signedAgreementAnswer(c, deps, offer, offer.signature?.language ?? offer.contract_language, String(offer.id));
  });

  return app;
}
