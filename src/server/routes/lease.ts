import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  customerInfo,
  defaultLeaseLanguage,
  leaseLanguage,
  leasePdfFilename,
  signingPayload,
  type AlreadySignedAnswer,
  type LeaseLanguage,
} from '../../shared/contract/lease.ts';
import { firstPayloadProblem, type BankingNumbers } from '../../shared/domain/banking.ts';
import { fieldsProblem, problem, type FieldProblem, type Problem } from '../../shared/contract/problems.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppDeps } from '../deps.ts';
import { agreementPdf } from '../lease/agreement-pdf.ts';
import { maskedBankingOf } from '../secrets/banking-keys.ts';
import { contractSections } from '../lease/contract-templates.ts';
import { contractVariables } from '../lease/contract-variables.ts';
import { effectiveStatus, findOfferByCode, findOfferById, hashOfferCode, offerAnswer, rememberContractLanguage, signOffer, submitCustomerInfo } from '../lease/lease-offers.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { readSignatureDataUrl } from '../lease/signature-image.ts';
import { tenancyManagePath } from '../billing/manage-link.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { noStore } from '../http/no-store.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';


function maskedBanking(deps: AppDeps, offer: OfferRecord): BankingNumbers | null {
  return maskedBankingOf(deps.config.bankingKeys, offer);
}

/** A signed offer's tenancy page, which the lease page links to once signed. */
const managePathOf = (deps: AppDeps, offer: OfferRecord) => (offer.signature ? tenancyManagePath(deps.db, deps.config.bankingKeys, offer.id) : Promise.resolve(null));

/** SPEC §3 'Already-signed response' (a 409 with the agreement as signed), with the account number masked. */
function alreadySignedAnswer(c: Context, deps: AppDeps, offer: OfferRecord) {
  const signature = offer.signature!;
  const answer: AlreadySignedAnswer = {
    already_signed: true,
    signer: signature.signer_name,
    company: signature.company_name,
    signed_at: signature.signed_at.toISOString(),
    signature: signature.signature_png,
    banking: maskedBanking(deps, offer),
  };
  return problemAnswer(c, problem('lease_already_signed'), answer);
}

/** A signed offer's agreement as a PDF download, its file named after the company and `tag` (the code, or the offer's number for staff); 409 before it is signed. */
export async function signedAgreementAnswer(c: Context, deps: Pick<AppDeps, 'config' | 'clock'>, offer: OfferRecord, language: LeaseLanguage, tag: string) {
  if (!offer.signature) return problemAnswer(c, problem('lease_not_signed'));
  const pdf = await agreementPdf({ offer, language, banking: maskedBankingOf(deps.config.bankingKeys, offer), generatedAt: deps.clock() });
  return pdfAnswer(c, { filename: leasePdfFilename(offer.company_name ?? offer.signature.company_name, tag), pdf });
}

function readLanguage(c: Context): LeaseLanguage | null {
  const given = c.req.query('language');
  if (given === undefined || given === '') return defaultLeaseLanguage;
  const parsed = leaseLanguage.safeParse(given);
  return parsed.success ? parsed.data : null;
}

/**
 * A body that does not fit the company form: SPEC's required-fields text as it is, any other
 * problem with the field it is about.
 */
function customerInfoProblem(fields: readonly FieldProblem[]): Problem {
  const [first] = fields;
  if (!first) return fieldsProblem('invalid_request', fields);
  return first.code === 'required_fields' ? { ...problem('company_information_required'), fields: [first] } : fieldsProblem('invalid_request', [first]);
}

/** A signing body that does not fit: SPEC's texts for the banking details and the signature. */
function signingProblem(fields: readonly FieldProblem[]): Problem {
  const [first] = fields;
  const field = first?.path.split('.')[0];
  if (field === 'banking') return problem('signing_refused', { problem: 'bankingIncomplete' });
  if (field === 'signature') return problem('signing_refused', { problem: 'signatureMissing' });
  // A body that is not even an object: named as the body.
  return fieldsProblem('invalid_request', first ? [{ ...first, path: first.path || 'body' }] : []);
}

type Env = { Variables: { offer: OfferRecord; code: string } };

export interface LeaseLimiters {
  /** Unknown codes per client address. */
  guess: Limiter;
  /** Calls per valid code. */
  offer: Limiter;
}

/** SPEC calls 5 to 9 under /public-api/lease-offers. */
export function leaseRoutes(deps: AppDeps, limiters: LeaseLimiters) {
  const app = new Hono<Env>();
  const address = (c: Context) => clientAddress(c, deps.config.trustedProxies);

  // Offers carry personal and banking details: no browser, proxy or service worker keeps them.
  app.use('*', noStore);

  /**
   * Every call names its offer: this finds it, or answers 404 / 410. Codes are unguessable,
   * and the lookups that find nothing are counted per address, so trying them is pointless as
   * well: each lookup is counted before it is made (so lookups sent all at once cannot slip past
   * the count) and given back when the code was a real one, so a tenant's own calls never count.
   */
  app.use('/:code/*', async (c, next) => {
    const code = c.req.param('code');
    const guesser = limitKey(address(c));
    const allowed = await limiters.guess.hit(guesser);
    if (!allowed.ok) return tooManyRequests(c, allowed, 'too_many_lease_lookups');
    const offer = await findOfferByCode(deps.db, code);
    if (!offer) return problemAnswer(c, problem('lease_offer_not_found'));
    await limiters.guess.giveBack(guesser);
    const flood = await limiters.offer.hit(hashOfferCode(code));
    if (!flood.ok) return tooManyRequests(c, flood, 'too_many_offer_requests');
    if (effectiveStatus(offer, deps.clock()) === 'expired') return problemAnswer(c, problem('lease_offer_expired'));
    c.set('offer', offer);
    c.set('code', code);
    await next();
  });

  app.get('/:code', async (c) => {
    return c.json({ success: true, offer: { ...offerAnswer(c.var.offer, c.var.code, deps.clock()), manage_path: await managePathOf(deps, c.var.offer) } });
  });

  // A signed agreement answers with its signature whatever the body: checked before it is read.
  const unsigned: MiddlewareHandler<Env> = async (c, next) => {
    if (c.var.offer.signature) return alreadySignedAnswer(c, deps, c.var.offer);
    await next();
  };

  app.post('/:code/submit-info', unsigned, jsonBody(customerInfo, customerInfoProblem), async (c) => {
    const { offer, code } = c.var;
    const saved = await submitCustomerInfo(deps.db, offer.id, c.var.body, deps.clock());
    const updated = (await findOfferById(deps.db, offer.id))!;
    if (saved === 'already_signed') return alreadySignedAnswer(c, deps, updated);
    if (saved === 'closed') return problemAnswer(c, problem('lease_offer_expired'));
    return c.json({ success: true, offer: offerAnswer(updated, code, deps.clock()) });
  });

  app.get('/:code/contract-data', async (c) => {
    const { offer, code } = c.var;
    const language = readLanguage(c);
    if (!language) return problemAnswer(c, problem('language_invalid'));
    // The signing records the language of the contract the tenant last read.
    if (!offer.signature && offer.contract_language !== language) await rememberContractLanguage(deps.db, offer.id, language);
    return c.json({
      success: true,
      offer: offerAnswer(offer, code, deps.clock()),
      contract: {
        sections: contractSections(language, offer.services),
        variables: contractVariables(offer, language, maskedBanking(deps, offer)),
      },
    });
  });

  app.get('/:code/download-pdf', async (c) => {
    const { offer, code } = c.var;
    const language = readLanguage(c);
    if (!language) return problemAnswer(c, problem('language_invalid'));
    return signedAgreementAnswer(c, deps, offer, language, code);
  });

  const infoSubmitted: MiddlewareHandler<Env> = async (c, next) => {
    if (c.var.offer.status !== 'contract_generated') return problemAnswer(c, problem('lease_info_missing'));
    await next();
  };

  app.post('/:code/complete-signing', unsigned, infoSubmitted, jsonBody(signingPayload, signingProblem), async (c) => {
    const { offer, code } = c.var;
    const payload = c.var.body;
    const banking: BankingNumbers = {
      transit_number: payload.banking.transit_number.trim(),
      institution_number: payload.banking.institution_number.trim(),
      account_number: payload.banking.account_number.trim(),
    };
    const refusal = firstPayloadProblem({ signature: payload.signature, banking });
    if (refusal) return problemAnswer(c, problem('signing_refused', { problem: refusal }));
    // Only an image the server decoded whole and encoded again is kept (and ever drawn in a PDF).
    const signature = readSignatureDataUrl(payload.signature);
    if (!signature) return problemAnswer(c, problem('signing_refused', { problem: 'signatureMissing' }));

    const now = deps.clock();
    const result = await signOffer(deps.db, deps.config.bankingKeys, offer.id, {
      signature,
      banking,
      language: payload.language,
      frenchVersionOffered: payload.frenchVersionOffered === true,
      ipAddress: address(c),
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 500),
      now,
      provider: deps.payments.kind,
    });
    const signed = (await findOfferById(deps.db, offer.id))!;
    if (result === 'already_signed') return alreadySignedAnswer(c, deps, signed);
    if (result === 'not_ready') return problemAnswer(c, problem('lease_info_missing'));
    if (result === 'unit_retired') return problemAnswer(c, problem('lease_unit_retired'));
    if (result === 'unit_taken') return problemAnswer(c, problem('lease_unit_taken'));
    if (result === 'closed') return problemAnswer(c, problem('lease_offer_expired'));
    deps.mailer?.wake();
    return c.json({ success: true, signed_at: signed.signature!.signed_at.toISOString(), offer: { ...offerAnswer(signed, code, now), manage_path: await managePathOf(deps, signed) } });
  });

  return app;
}
