import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { StaffOfferDetail } from '../../shared/contract/staff-console.ts';
import { moveInFeeTypes } from '../../shared/domain/lease-payment.ts';
import { rateToCents } from '../../shared/domain/pricing.ts';
import { addDays, isIsoDate } from '../../shared/domain/time.ts';
import { endOfSpaceDay, spaceToday } from '../../shared/domain/zoned-time.ts';
import { unitCodePattern } from '../../shared/contract/common.ts';
import { isPlainText, plainTextMessage } from '../../shared/domain/text.ts';
import type { AppDeps } from '../deps.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { createOffer, effectiveStatus, expireOffer, findOfferByCode, findOfferById, listOffers, reissueOffer, type OfferInvitation } from '../lease/offers.ts';
import { jsonError } from '../middleware/errors.ts';
import { issuesText, jsonBody } from '../middleware/json-body.ts';
import { siteOrigins } from '../public-origin.ts';
import { actorOf, type StaffActor, type StaffEnv } from '../staff/actor.ts';
import { auditOf, recordAudit } from '../staff/audit.ts';
import { signedAgreementAnswer } from './lease.ts';

/** An offer left open stays valid this long unless expires_at says otherwise. */
export const defaultOfferValidityDays = 30;
/** No offer stays open longer: its terms (rates, start date) would be stale by then. */
const maxOfferValidityDays = 366;

const amountMessage = 'Expected an amount such as 1200 or 1200.50';
const money = z.preprocess(
  // The command line sends what was typed: a decimal string is read as the number it shows.
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number(amountMessage)
    .nonnegative('Amounts cannot be negative')
    .max(1_000_000, 'Amounts above 1,000,000 are refused')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Amounts have at most two decimals'),
);

const isoDate = z.string().refine(isIsoDate, 'Expected a date as YYYY-MM-DD');
const optionalText = z
  .string()
  .refine(isPlainText, plainTextMessage)
  .trim()
  .max(200)
  .transform((s) => (s === '' ? null : s))
  .nullish();

export const createOfferInput = z
  .object({
    email: z.string().refine(isPlainText, plainTextMessage).pipe(z.email('A valid e-mail address is required')),
    company_name: optionalText,
    contact_name: optionalText,
    office_ids: z
      .array(z.union([z.string().trim().regex(unitCodePattern, 'must be unit codes such as OFF-101'), z.number().int().positive().max(2_147_483_647)]))
      .min(1, 'At least one office is required')
      .max(20),
    start_date: isoDate,
    monthly_rate: money.optional(),
    monthly_discount: money.default(0),
    signup_discount: money.default(0),
    lease_term_months: z.coerce.number().int('lease_term_months must be a whole number').min(1).max(120).default(12),
    move_in_fee_type: z.enum(moveInFeeTypes).default('monthly_rate'),
    move_in_fee_amount: money.nullish(),
    expires_at: z.union([z.iso.datetime({ offset: true }), isoDate]).optional(),
    /** The tenant's language: the invitation's and the contract's first. */
    language: z.enum(['en', 'fr']).default('en'),
    /** false: no invitation e-mail (staff send the link themselves). */
    send_email: z.boolean().default(true),
  })
  .refine((o) => o.move_in_fee_type !== 'fixed_amount' || (o.move_in_fee_amount !== undefined && o.move_in_fee_amount !== null), {
    message: 'move_in_fee_amount is required when move_in_fee_type is fixed_amount',
    path: ['move_in_fee_amount'],
  });
export type CreateOfferInput = z.input<typeof createOfferInput>;

/** The public address of offers without their code, on the site's (first) public origin. */
function offerLinkBase(c: Context, deps: AppDeps): string {
  return `${siteOrigins(c, deps.config)[0]}/lease/`;
}

function invitation(c: Context, deps: AppDeps, language: OfferInvitation['language']): OfferInvitation {
  return { linkBase: offerLinkBase(c, deps), language, keyring: deps.config.bankingKeys };
}

/** An offer's number in a path; the routes that take one only match digits (a code is 16 or more characters of base64url). */
function offerIdOf(c: Context): number | null {
  const id = Number(c.req.param('id'));
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
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

/** Closes an unsigned offer and records who did; 409 for a signed one. An expired one stays expired. */
async function expireAnswer(c: Context, deps: AppDeps, offer: OfferRecord | undefined, actor: StaffActor) {
  if (!offer) return jsonError(c, 404, 'Lease offer not found');
  if (offer.status === 'signed') return jsonError(c, 409, 'A signed offer cannot be expired');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (await expireOffer(trx, offer.id)) await recordAudit(trx, actor, { action: 'offer_expired', subjectType: 'lease_offer', subjectId: offer.id }, now);
  });
  return c.json({ success: true, status: 'expired' as const });
}

/**
 * Staff: create, list, read, resend and expire lease offers, and download a signed agreement
 * (behind the staff check of app.ts). Offers are named by their number here; the command line's
 * expire by code stays.
 */
export function adminLeaseOfferRoutes(deps: AppDeps) {
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

  app.get('/:id{[0-9]+}', async (c) => {
    const id = offerIdOf(c);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    const offer = await findOfferById(deps.db, id);
    if (!offer) return jsonError(c, 404, 'Lease offer not found');
    return c.json({ success: true as const, ...(await offerDetail(deps, offer)) });
  });

  // Whatever body comes with it is not read: a resend always e-mails the offer's address, in its language.
  app.post('/:id{[0-9]+}/resend', async (c) => {
    const id = offerIdOf(c);
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
    deps.mailer?.wake();
    return c.json({ success: true as const, id, code: result.code, url: `${offerLinkBase(c, deps)}${result.code}`, emailed: true });
  });

  app.post('/:id{[0-9]+}/expire', async (c) => {
    const id = offerIdOf(c);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    return expireAnswer(c, deps, await findOfferById(deps.db, id), actorOf(c));
  });

  // The command line names an offer by its code.
  app.post('/:code/expire', async (c) => expireAnswer(c, deps, await findOfferByCode(deps.db, c.req.param('code')), actorOf(c)));

  app.get('/:id{[0-9]+}/agreement.pdf', async (c) => {
    const id = offerIdOf(c);
    if (id === null) return jsonError(c, 400, 'Not an offer number');
    const offer = await findOfferById(deps.db, id);
    if (!offer) return jsonError(c, 404, 'Lease offer not found');
    return signedAgreementAnswer(c, deps, offer, offer.signature?.language ?? offer.contract_language, String(offer.id));
  });

  return app;
}
