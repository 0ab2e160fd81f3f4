import type * as z from 'zod/mini';
import type { FieldProblem } from '../../shared/contract/problems.ts';
import { offerExpiry, type createOfferInput, type StaffOfferDetail } from '../../shared/contract/staff-console.ts';
import { dollarsToCents, rateToCents } from '../../shared/domain/pricing.ts';
import { isIsoDate } from '../../shared/domain/time.ts';
import { endOfSpaceDay, spaceToday } from '../../shared/domain/zoned-time.ts';
import type { Db } from '../db/database.ts';
import { auditOf } from '../staff/audit.ts';
import { effectiveStatus, expireOffer, type NewOffer } from './lease-offers.ts';
import type { OfferRecord } from './offer-record.ts';

/* Lease offers as staff make and manage them in the console and with `npm run admin -- offer …`. */

/** No offer stays open longer: its terms (rates, start date) would be stale by then. */
const maxOfferValidityDays = 366;

/**
 * The offer staff asked for, its units found by number or code and its amounts in cents, or the
 * first field that cannot be (staff see one problem at a time). `codes` are the units' codes, for
 * the audit trail.
 */
export async function newOfferOf(db: Db, input: z.infer<typeof createOfferInput>, now: Date): Promise<{ offer: NewOffer; codes: string[] } | FieldProblem> {
  const wantedIds = input.office_ids.filter((id): id is number => typeof id === 'number');
  const wantedCodes = input.office_ids.filter((id): id is string => typeof id === 'string');
  const units = await db
    .selectFrom('offices')
    .select(['id', 'office_id', 'base_monthly_rate', 'retired_at'])
    .where((eb) => eb.or([...(wantedIds.length ? [eb('id', 'in', wantedIds)] : []), ...(wantedCodes.length ? [eb('office_id', 'in', wantedCodes)] : [])]))
    .execute();
  const unknown = input.office_ids.filter((id) => !units.some((u) => u.id === id || u.office_id === id));
  if (unknown.length) return { path: 'office_ids', code: 'unknown_units', params: { codes: unknown.map(String) } };
  const retired = units.filter((u) => u.retired_at !== null);
  if (retired.length) return { path: 'office_ids', code: 'retired_units', params: { codes: retired.map((u) => u.office_id) } };

  let monthlyRateCents: number;
  if (input.monthly_rate !== undefined) {
    monthlyRateCents = dollarsToCents(input.monthly_rate);
  } else {
    const rates = units.map((u) => rateToCents(u.base_monthly_rate));
    if (rates.some((r) => r === null)) return { path: 'monthly_rate', code: 'rate_required' };
    monthlyRateCents = rates.reduce<number>((sum, r) => sum + (r ?? 0), 0);
  }

  // Signed on a later day, its months since the start would be billed for days the tenancy never held.
  const today = spaceToday(now);
  if (input.start_date < today) return { path: 'start_date', code: 'not_before_today', params: { today } };

  const asked = input.expires_at ? (isIsoDate(input.expires_at) ? endOfSpaceDay(input.expires_at) : new Date(input.expires_at)) : undefined;
  if (asked && asked.getTime() <= now.getTime()) return { path: 'expires_at', code: 'in_future' };
  if (asked && !(asked.getTime() <= now.getTime() + maxOfferValidityDays * 86_400_000)) return { path: 'expires_at', code: 'within_days', params: { days: maxOfferValidityDays } };
  const expiresAt = offerExpiry(input.start_date, today, asked);

  const cents = (dollars: number | null | undefined) => (dollars === undefined || dollars === null ? null : dollarsToCents(dollars));
  return {
    offer: {
      email: input.email,
      company_name: input.company_name ?? null,
      contact_name: input.contact_name ?? null,
      office_ids: units.map((u) => u.id),
      start_date: input.start_date,
      monthly_rate_cents: monthlyRateCents,
      monthly_discount_cents: dollarsToCents(input.monthly_discount),
      signup_discount_cents: dollarsToCents(input.signup_discount),
      lease_term_months: input.lease_term_months,
      move_in_fee_type: input.move_in_fee_type,
      move_in_fee_amount_cents: cents(input.move_in_fee_amount),
      expires_at: expiresAt,
    },
    codes: units.map((u) => u.office_id),
  };
}

/** The language an offer's invitations are written in; undefined for no such offer. */
export async function invitationLanguageOf(db: Db, id: number): Promise<'en' | 'fr' | undefined> {
  return (await db.selectFrom('lease_offers').select('contract_language').where('id', '=', id).executeTakeFirst())?.contract_language;
}

/** An offer as the console's detail shows it. */
export async function offerDetail(db: Db, offer: OfferRecord, now: Date): Promise<Omit<StaffOfferDetail, 'success'>> {
  const offices = await db
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
      status: effectiveStatus(offer, now),
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
    audit: await auditOf(db, 'lease_offer', offer.id),
  };
}

/**
 * Closes an unsigned offer on staff's say-so, with `within` (the audit row) in its transaction.
 * The offer's row is locked and read again: one signed since the request found it (the tenant was
 * quicker) is 'signed', as a signed one always is; one already expired stays expired ('already',
 * nothing recorded: expiring is what was asked, and it is so).
 */
export async function expireOfferByStaff(db: Db, offerId: number, within: (trx: Db) => Promise<void>): Promise<'expired' | 'already' | 'signed' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('lease_offers').select('status').where('id', '=', offerId).forUpdate().executeTakeFirst();
    if (!locked) return 'unknown' as const;
    if (locked.status === 'signed') return 'signed' as const;
    if (!(await expireOffer(trx, offerId))) return 'already' as const;
    await within(trx);
    return 'expired' as const;
  });
}
