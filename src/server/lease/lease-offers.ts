import { createHash, randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { CustomerInfo, LeaseLanguage, LeaseOffer, LeaseOfferStatus } from '../../shared/contract/lease.ts';
import type { StaffOfferSummary } from '../../shared/contract/staff-console.ts';
import type { BankingNumbers } from '../../shared/domain/banking.ts';
import { contractPlainText } from '../../shared/domain/contract-text.ts';
import { dollarsFromCents } from '../../shared/domain/pricing.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import { site } from '../../shared/site.ts';
import type { Db } from '../db/database.ts';
import { deleteMessages, enqueueMessage, hasMessage, lockUnsentMessages } from '../outbox/outbox.ts';
import { billFromNoticedMonth, startTenancy, tellInitialInvoice, type SignedLease } from '../billing/tenancies.ts';
import { settleTenancyToken } from '../billing/manage-link.ts';
import { spaceToday } from '../../shared/domain/zoned-time.ts';
import { lockOfferUnits, takeUnits, unitsTakenFrom, type OfferUnit } from './tenancy-units.ts';
import { encryptBanking, type BankingKeyring } from '../secrets/banking-keys.ts';
import type { OfferRecord } from './offer-record.ts';
import { contractSections } from './contract-templates.ts';
import { termEndDate } from '../../shared/domain/lease-payment.ts';
import { contractVariables, leasePaymentOf } from './contract-variables.ts';
import { invitationData, signedLeaseData } from './lease-mail.ts';
import type { LeaseOffersTable } from '../db/schema.ts';

/**
 * 18 random bytes: 144 bits, 24 base64url characters. A code that would begin with '-' is
 * drawn again: on a command line (npm run admin -- offer expire CODE) it would read as a flag.
 */
export function generateOfferCode(): string {
  for (;;) {
    const code = randomBytes(18).toString('base64url');
    if (!code.startsWith('-')) return code;
  }
}

export function hashOfferCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Anything else cannot be a code the space sent, so it is not even looked up. */
export function isPlausibleOfferCode(code: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(code);
}

async function loadOffer(db: Db, where: { id: number } | { codeHash: string }): Promise<OfferRecord | undefined> {
  const row = await db
    .selectFrom('lease_offers as o')
    .leftJoin('lease_customer_info as i', 'i.offer_id', 'o.id')
    .leftJoin('lease_signatures as s', 's.offer_id', 'o.id')
    .select([
      'o.id',
      'o.email',
      'o.company_name',
      'o.contact_name',
      'o.status',
      'o.monthly_rate_cents',
      'o.monthly_discount_cents',
      'o.signup_discount_cents',
      'o.lease_term_months',
      sql<string>`o.start_date::text`.as('start_date'),
      'o.move_in_fee_type',
      'o.move_in_fee_amount_cents',
      'o.contract_language',
      'o.expires_at',
      'o.created_at',
      'i.phone',
      'i.address',
      'i.city',
      'i.province',
      'i.postal_code',
      's.signer_name',
      's.company_name as signed_company_name',
      's.signature_png',
      's.signed_at',
      's.ip_address',
      's.user_agent',
      's.language as signed_language',
      's.contract_sha256',
      's.banking_encrypted',
      's.french_offered_at',
    ])
    .$if('id' in where, (q) => q.where('o.id', '=', (where as { id: number }).id))
    .$if('codeHash' in where, (q) => q.where('o.code_hash', '=', (where as { codeHash: string }).codeHash))
    .executeTakeFirst();
  if (!row) return undefined;
  const services = await db
    .selectFrom('lease_offer_services as ls')
    .innerJoin('offices as f', 'f.id', 'ls.office_id')
    .select(['f.office_id', 'f.name', 'f.service_type', 'f.location_code', sql<string | null>`f.base_monthly_rate::text`.as('base_monthly_rate')])
    .where('ls.offer_id', '=', row.id)
    .orderBy('f.id')
    .execute();
  return {
    id: row.id,
    email: row.email,
    company_name: row.company_name,
    contact_name: row.contact_name,
    status: row.status,
    monthly_rate_cents: row.monthly_rate_cents,
    monthly_discount_cents: row.monthly_discount_cents,
    signup_discount_cents: row.signup_discount_cents,
    lease_term_months: row.lease_term_months,
    start_date: row.start_date,
    move_in_fee_type: row.move_in_fee_type,
    move_in_fee_amount_cents: row.move_in_fee_amount_cents,
    contract_language: row.contract_language,
    expires_at: new Date(row.expires_at),
    created_at: new Date(row.created_at),
    services,
    info:
      row.phone === null
        ? null
        : { phone: row.phone, address: row.address ?? '', city: row.city ?? '', province: row.province ?? '', postal_code: row.postal_code ?? '' },
    signature:
      row.signer_name === null || row.signed_at === null
        ? null
        : {
            signer_name: row.signer_name,
            company_name: row.signed_company_name ?? '',
            signature_png: row.signature_png ?? '',
            signed_at: new Date(row.signed_at),
            ip_address: row.ip_address ?? '',
            user_agent: row.user_agent ?? '',
            language: row.signed_language ?? 'en',
            contract_sha256: row.contract_sha256 ?? '',
            banking_encrypted: row.banking_encrypted ?? '',
            french_offered_at: row.french_offered_at === null ? null : new Date(row.french_offered_at),
          },
  };
}

export function findOfferByCode(db: Db, code: string): Promise<OfferRecord | undefined> {
  if (!isPlausibleOfferCode(code)) return Promise.resolve(undefined);
  return loadOffer(db, { codeHash: hashOfferCode(code) });
}

export function findOfferById(db: Db, id: number): Promise<OfferRecord | undefined> {
  return loadOffer(db, { id });
}

/** A signed offer stays open for good; any other one closes at its expiry. */
export function effectiveStatus(offer: Pick<OfferRecord, 'status' | 'expires_at'>, now: Date): LeaseOfferStatus {
  if (offer.status === 'signed' || offer.status === 'expired') return offer.status;
  return offer.expires_at.getTime() <= now.getTime() ? 'expired' : offer.status;
}

/** The offer as SPEC §3 describes it. Amounts in dollars, as numbers. */
export function offerAnswer(offer: OfferRecord, code: string, now: Date): LeaseOffer {
  return {
    code,
    email: offer.email,
    status: effectiveStatus(offer, now),
    services: offer.services.map((s) => ({
      name: s.name,
      service_type: s.service_type,
      location_code: s.location_code,
      base_monthly_rate: s.base_monthly_rate,
    })),
    monthly_rate: dollarsFromCents(offer.monthly_rate_cents),
    monthly_discount: dollarsFromCents(offer.monthly_discount_cents),
    signup_discount: dollarsFromCents(offer.signup_discount_cents),
    lease_term_months: offer.lease_term_months,
    start_date: offer.start_date,
    move_in_fee_type: offer.move_in_fee_type,
    move_in_fee_amount: offer.move_in_fee_amount_cents === null ? null : dollarsFromCents(offer.move_in_fee_amount_cents),
    company_name: offer.company_name,
    contact_name: offer.contact_name,
    tenant_signature_data: offer.signature?.signature_png ?? null,
    tenant_signed_at: offer.signature?.signed_at.toISOString() ?? null,
    phone: offer.info?.phone ?? null,
    address: offer.info?.address ?? null,
    city: offer.info?.city ?? null,
    province: offer.info?.province ?? null,
    postal_code: offer.info?.postal_code ?? null,
  };
}

/** A new offer's row as staff give it, with `office_ids`, the offices.id of each of its units. */
export type NewOffer = Pick<
  Insertable<LeaseOffersTable>,
  | 'email'
  | 'company_name'
  | 'contact_name'
  | 'start_date'
  | 'monthly_rate_cents'
  | 'monthly_discount_cents'
  | 'signup_discount_cents'
  | 'lease_term_months'
  | 'move_in_fee_type'
  | 'move_in_fee_amount_cents'
  | 'expires_at'
> & { office_ids: number[] };

/** How the tenant hears of a new offer: its link, e-mailed in their language (the link kept encrypted until sent). */
export interface OfferInvitation {
  /** The offer's address without its code: `${origin}/lease/`. */
  linkBase: string;
  language: LeaseLanguage;
  keyring: BankingKeyring;
}

/**
 * Stores a new offer and gives its code: the only time the code exists in clear. With an
 * invitation, the e-mail carrying its link is written in the same transaction; so is what
 * `also` records (staff's audit row).
 */
export async function createOffer(
  db: Db,
  offer: NewOffer,
  now: Date,
  invitation: OfferInvitation | null,
  also?: (trx: Db, id: number) => Promise<void>,
): Promise<{ id: number; code: string }> {
  const code = generateOfferCode();
  const { office_ids, ...fields } = offer;
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('lease_offers')
      .values({ ...fields, code_hash: hashOfferCode(code), status: 'new', created_at: now, ...(invitation ? { contract_language: invitation.language } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('lease_offer_services')
      .values([...new Set(office_ids)].map((office_id) => ({ offer_id: row.id, office_id })))
      .execute();
    if (invitation) await enqueueInvitation(trx, row.id, offer.email, code, invitation, now);
    await also?.(trx, row.id);
    return row.id;
  });
  return { id, code };
}

/** The e-mail carrying an offer's link, the link kept encrypted until it is sent. */
async function enqueueInvitation(trx: Db, offerId: number, email: string, code: string, invitation: OfferInvitation, now: Date): Promise<void> {
  const data = invitationData((await loadOffer(trx, { id: offerId }))!);
  const message = { kind: 'lease_offer_created' as const, to: email, language: invitation.language, about: { offerId }, data };
  await enqueueMessage(trx, { ...message, secret: { keyring: invitation.keyring, text: `${invitation.linkBase}${code}` } }, now);
}

export type ReissueResult = { kind: 'reissued'; code: string } | { kind: 'unknown' } | { kind: 'closed'; status: 'signed' | 'expired' } | { kind: 'sending' };

/**
 * A new link for an open offer: codes are stored hashed, so the only way to show a link again is
 * a new code, and the old link stops working. The invitations not yet sent carried the old link:
 * they are dropped, and a new one is written, all in one transaction with `also` (the audit row).
 *
 * The old link is never e-mailed after a resend has answered: the offer's waiting invitations
 * are locked (FOR UPDATE) before anything changes. The mail worker claims rows in a short
 * transaction with FOR UPDATE SKIP LOCKED (outbox/worker.ts), so while they are locked here it
 * cannot take them, and they are deleted before the lock goes. A claim that committed first
 * shows here as claimed_until in the future: that invitation is being sent right now, outside
 * any transaction, and nothing can call it back, so the resend is refused ('sending') and
 * changes nothing: the link being sent stays the offer's working link. Staff try again once the
 * worker is done (it marks the row sent, or lets its claim lapse after a few minutes).
 */
export async function reissueOffer(db: Db, offerId: number, now: Date, invitation: OfferInvitation, also: (trx: Db) => Promise<void>): Promise<ReissueResult> {
  return db.transaction().execute(async (trx): Promise<ReissueResult> => {
    const locked = await trx.selectFrom('lease_offers').select(['status', 'expires_at', 'email']).where('id', '=', offerId).forUpdate().executeTakeFirst();
    if (!locked) return { kind: 'unknown' };
    const status = effectiveStatus({ status: locked.status, expires_at: new Date(locked.expires_at) }, now);
    if (status === 'signed' || status === 'expired') return { kind: 'closed', status };
    const waiting = await lockUnsentMessages(trx, 'lease_offer_created', { offerId });
    if (waiting.some((m) => m.claimed_until !== null && new Date(m.claimed_until).getTime() > now.getTime())) return { kind: 'sending' };
    const code = generateOfferCode();
    await trx.updateTable('lease_offers').set({ code_hash: hashOfferCode(code) }).where('id', '=', offerId).execute();
    await deleteMessages(trx, waiting.map((m) => m.id));
    await enqueueInvitation(trx, offerId, locked.email, code, invitation, now);
    await also(trx);
    return { kind: 'reissued', code };
  });
}

/**
 * SPEC call 6: keeps the company details and generates the contract from them. The offer's row
 * lock makes this and a signing take turns: details never change under a signature.
 */
export async function submitCustomerInfo(db: Db, offerId: number, info: CustomerInfo, now: Date): Promise<'saved' | 'already_signed' | 'closed'> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('lease_offers').select(['status', 'expires_at']).where('id', '=', offerId).forUpdate().executeTakeFirstOrThrow();
    if (locked.status === 'signed') return 'already_signed' as const;
    // Staff may have expired it since the visitor opened it.
    if (effectiveStatus({ status: locked.status, expires_at: new Date(locked.expires_at) }, now) === 'expired') return 'closed' as const;
    await trx
      .updateTable('lease_offers')
      .set({ company_name: info.company_name, contact_name: info.contact_name, status: 'contract_generated' })
      .where('id', '=', offerId)
      .where('status', 'in', ['new', 'contract_generated'])
      .execute();
    const fields = { phone: info.phone, address: info.address, city: info.city, province: info.province, postal_code: info.postal_code, submitted_at: now };
    await trx
      .insertInto('lease_customer_info')
      .values({ offer_id: offerId, ...fields })
      .onConflict((oc) => oc.column('offer_id').doUpdateSet(fields))
      .execute();
    return 'saved' as const;
  });
}

export async function rememberContractLanguage(db: Db, offerId: number, language: LeaseLanguage): Promise<void> {
  await db.updateTable('lease_offers').set({ contract_language: language }).where('id', '=', offerId).where('status', '<>', 'signed').execute();
}

/** The contract text as the tenant saw it before signing, and its SHA-256. */
export function contractAsPresented(offer: OfferRecord, language: LeaseLanguage): { text: string; sha256: string } {
  const text = contractPlainText(contractSections(language, offer.services), contractVariables({ ...offer, signature: null }, language, null));
  return { text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

export interface SigningRecord {
  signature: string;
  banking: BankingNumbers;
  /** The language of the contract shown; without it, the one the tenant last read (as the offer records it). */
  language: LeaseLanguage | undefined;
  /** The signing screen offered the French version first; recorded only for an English signature. */
  frenchVersionOffered?: boolean;
  ipAddress: string;
  userAgent: string;
  now: Date;
  /** The provider of the tenancy's Pay now (a debit the bank returns is paid by card). */
  provider: 'stripe' | 'test';
  /** The demo seed's signing: nobody is e-mailed. */
  silent?: boolean;
}

export type SigningResult = 'signed' | 'already_signed' | 'not_ready' | 'closed' | 'unit_retired' | 'unit_taken';

/**
 * SPEC call 9, and the tenancy it begins. One signature per offer: the row lock serialises two
 * signings racing (and a signing with a change of company details), and the primary key of
 * lease_signatures refuses a second row whatever happens. The contract text and its hash are
 * built from the offer as it stands under that lock, so they are exactly what is stored.
 *
 * Signing takes the offer's units (lease/tenancy-units.ts), under their locks, taken first as a
 * checkout takes them (a unit's lock before any row), so a checkout, a waitlist offer or a
 * retirement of the same unit and this signing take turns: whichever comes second sees the other.
 * A unit taken meanwhile refuses the signing, which signs nothing; staff are told once.
 */
export async function signOffer(db: Db, bankingKeys: BankingKeyring, offerId: number, record: SigningRecord): Promise<SigningResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<SigningResult> => {
      const units = await lockOfferUnits(trx, offerId);
      const locked = await trx.selectFrom('lease_offers').select(['status', 'expires_at']).where('id', '=', offerId).forUpdate().executeTakeFirstOrThrow();
      if (locked.status === 'signed') return 'already_signed';
      // Staff may have expired it, or its time run out, since the visitor's request found it open.
      if (effectiveStatus({ status: locked.status, expires_at: new Date(locked.expires_at) }, record.now) === 'expired') return 'closed';
      if (locked.status !== 'contract_generated') return 'not_ready';
      // Retiring a unit expires its open offers (retireUnit), but an offer left open on a retired
      // unit by older data, or by a retirement committed since this offer was read, is refused too.
      if (units.some((u) => u.retired)) return 'unit_retired';
      const offer = (await loadOffer(trx, { id: offerId }))!;
      const signedOn = spaceToday(record.now);
      const from = offer.start_date > signedOn ? offer.start_date : signedOn;
      const taken = await unitsTakenFrom(trx, units, from, record.now);
      if (taken.length > 0) {
        if (!record.silent) await tellStaffSigningRefused(trx, offer, taken, record.now);
        return 'unit_taken';
      }
      const language = record.language ?? offer.contract_language;
      const presented = contractAsPresented(offer, language);
      await trx
        .insertInto('lease_signatures')
        .values({
          offer_id: offer.id,
          signer_name: offer.contact_name ?? offer.company_name ?? offer.email,
          company_name: offer.company_name ?? '',
          signature_png: record.signature,
          signed_at: record.now,
          ip_address: record.ipAddress,
          user_agent: record.userAgent,
          language,
          contract_text: presented.text,
          contract_sha256: presented.sha256,
          banking_encrypted: encryptBanking(bankingKeys, record.banking, offer.id),
          french_offered_at: record.frenchVersionOffered === true && language === 'en' ? record.now : null,
        })
        .execute();
      await trx.updateTable('lease_offers').set({ status: 'signed', contract_language: language }).where('id', '=', offer.id).execute();
      await takeUnits(trx, offer.id, units, from, termEndDate(offer.start_date, offer.lease_term_months), record.now);
      const tenancy = await startTenancy(trx, signedLease(offer, units, language, signedOn, record.provider), record.now);
      // The tenancy's manage link, made with it: the signed e-mail and every later one carry it.
      const manageToken = await settleTenancyToken(trx, bankingKeys, tenancy.rentalId);
      if (!record.silent) {
        const about = { offerId: offer.id };
        const data = signedLeaseData(bankingKeys, (await loadOffer(trx, { id: offer.id }))!)!;
        await enqueueMessage(trx, { kind: 'lease_signed', to: offer.email, language, about, data: data.tenant, secret: { keyring: bankingKeys, text: manageToken } }, record.now);
        await enqueueMessage(trx, { kind: 'staff_lease_signed', to: site.operations.email, language: site.operations.language, about, data: data.staff }, record.now);
      }
      return 'signed';
    });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '23505') return 'already_signed';
    // The exclusion constraint: a booking of one of its units that the checks above did not see.
    if (code === '23P01') return 'unit_taken';
    throw err;
  }
}

/** A signed offer, as its tenancy is made from it (billing/tenancies.ts). */
function signedLease(offer: OfferRecord, units: readonly OfferUnit[], language: LeaseLanguage, signedOn: IsoDate, provider: 'stripe' | 'test'): SignedLease {
  return {
    offerId: offer.id,
    units: units.map((u) => ({ id: u.id, name: u.name, serviceType: u.service_type })),
    company: offer.company_name ?? offer.contact_name ?? offer.email,
    email: offer.email,
    language,
    startDate: offer.start_date,
    termMonths: offer.lease_term_months,
    payment: leasePaymentOf(offer),
    signedOn,
    provider,
  };
}

/**
 * Leases signed before signing made tenancies (issue: lease tenancies) become tenancies, once, at
 * the first start of a server that debits them: their units are taken from the later of their
 * start and today if still free, and their initial payment is invoiced, due after the 10 days'
 * notice its e-mail gives from today (the migration is the notice, as signing is now). Their
 * monthly rent is invoiced from the first 1st that notice allows: months before it were never
 * billed here, and staff settle them with the tenant. A unit rented or offered since makes no
 * tenancy: staff are told once, and the next start tries again. Every instance may run this at
 * once: the units' locks and the rental's unique offer make each tenancy once.
 */
export async function adoptLeasesSignedBefore(db: Db, bankingKeys: BankingKeyring, provider: 'stripe' | 'test', now: Date): Promise<{ adopted: number; conflicts: number }> {
  const signed = await db
    .selectFrom('lease_offers as o')
    .leftJoin('rentals as r', 'r.lease_offer_id', 'o.id')
    .select('o.id')
    .where('o.status', '=', 'signed')
    .where('r.id', 'is', null)
    .orderBy('o.id')
    .execute();
  const result = { adopted: 0, conflicts: 0 };
  const today = spaceToday(now);
  for (const { id } of signed) {
    const outcome = await db.transaction().execute(async (trx): Promise<'adopted' | 'conflict' | 'done'> => {
      const units = await lockOfferUnits(trx, id);
      if (await trx.selectFrom('rentals').select('id').where('lease_offer_id', '=', id).executeTakeFirst()) return 'done';
      const offer = (await loadOffer(trx, { id }))!;
      if (!offer.signature) return 'done';
      const from = offer.start_date > today ? offer.start_date : today;
      const taken = [...units.filter((u) => u.retired).map((u) => u.name), ...(await unitsTakenFrom(trx, units, from, now))];
      if (taken.length > 0) {
        const about = { offerId: offer.id };
        if (!(await hasMessage(trx, 'staff_lease_signing_refused', about))) {
          const data = { ...invitationData(offer), taken, signedBefore: true as const };
          await enqueueMessage(trx, { kind: 'staff_lease_signing_refused', to: site.operations.email, language: site.operations.language, about, data }, now);
        }
        return 'conflict';
      }
      await takeUnits(trx, offer.id, units, from, termEndDate(offer.start_date, offer.lease_term_months), now);
      const tenancy = await startTenancy(trx, signedLease(offer, units, offer.signature.language, today, provider), now);
      await billFromNoticedMonth(trx, tenancy.rentalId);
      await tellInitialInvoice(trx, bankingKeys, tenancy.invoiceId, now);
      return 'adopted';
    });
    if (outcome === 'adopted') result.adopted++;
    if (outcome === 'conflict') result.conflicts++;
  }
  return result;
}

/** Staff hear once that an offer could not be signed because its units were taken meanwhile. */
async function tellStaffSigningRefused(trx: Db, offer: OfferRecord, taken: readonly string[], now: Date): Promise<void> {
  const about = { offerId: offer.id };
  if (await hasMessage(trx, 'staff_lease_signing_refused', about)) return;
  const data = { ...invitationData(offer), taken: [...taken] };
  await enqueueMessage(trx, { kind: 'staff_lease_signing_refused', to: site.operations.email, language: site.operations.language, about, data }, now);
}

/** Closes an offer that is not signed; false when there is nothing to close. */
export async function expireOffer(db: Db, offerId: number): Promise<boolean> {
  const expired = await db
    .updateTable('lease_offers')
    .set({ status: 'expired' })
    .where('id', '=', offerId)
    .where('status', 'in', ['new', 'contract_generated'])
    .returning('id')
    .executeTakeFirst();
  return expired !== undefined;
}

/** The offers still open on a unit (new, or with a contract generated) close: a unit retired cannot be signed for. Their numbers, in order. */
export async function expireOpenOffersOfUnit(trx: Db, unitId: number, now: Date): Promise<number[]> {
  const expired = await trx
    .updateTable('lease_offers')
    .set({ status: 'expired' })
    .where('status', 'in', ['new', 'contract_generated'])
    .where('expires_at', '>', now)
    .where('id', 'in', (eb) => eb.selectFrom('lease_offer_services').select('offer_id').where('office_id', '=', unitId))
    .returning('id')
    .execute();
  return expired.map((o) => o.id).sort((a, b) => a - b);
}

export async function listOffers(db: Db, now: Date): Promise<StaffOfferSummary[]> {
  const rows = await db
    .selectFrom('lease_offers as o')
    .leftJoin('lease_signatures as s', 's.offer_id', 'o.id')
    .select([
      'o.id',
      'o.email',
      'o.company_name',
      'o.status',
      sql<string>`o.start_date::text`.as('start_date'),
      'o.monthly_rate_cents',
      'o.created_at',
      'o.expires_at',
      's.signed_at',
      sql<string[]>`array(select f.office_id from lease_offer_services ls join offices f on f.id = ls.office_id where ls.offer_id = o.id order by f.id)`.as('offices'),
    ])
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    company_name: r.company_name,
    status: effectiveStatus({ status: r.status, expires_at: new Date(r.expires_at) }, now),
    start_date: r.start_date,
    monthly_rate: dollarsFromCents(r.monthly_rate_cents),
    offices: r.offices,
    created_at: new Date(r.created_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    signed_at: r.signed_at ? new Date(r.signed_at).toISOString() : null,
  }));
}
