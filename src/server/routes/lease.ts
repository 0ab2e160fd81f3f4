import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  customerInfo,
  defaultLeaseLanguage,
  leaseLanguage,
  leasePdfFilename,
  requiredFieldsMessage,
  signingPayload,
  type AlreadySignedAnswer,
  type LeaseLanguage,
} from '../../shared/contract/lease.ts';
import { accountNumberMaxLength, firstPayloadProblem, signingProblemMessages, type BankingNumbers } from '../../shared/domain/banking.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppDeps } from '../deps.ts';
import { agreementPdf } from '../lease/agreement-pdf.ts';
import { maskedBankingOf } from '../secrets/banking-keys.ts';
import { contractSections } from '../lease/contract-templates.ts';
import { contractVariables } from '../lease/contract-variables.ts';
import { effectiveStatus, findOfferByCode, findOfferById, hashOfferCode, offerAnswer, rememberContractLanguage, signOffer, submitCustomerInfo } from '../lease/lease-offers.ts';
import type { OfferRecord } from '../lease/offer-record.ts';
import { readSignatureDataUrl } from '../lease/signature-image.ts';
import { jsonError } from '../http/errors.ts';
import { issuesText, jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';

export const offerNotFoundMessage = 'Lease offer not found';
export const offerExpiredMessage = 'This lease offer has expired. Please contact us for assistance.';
export const alreadySignedMessage = 'This agreement has already been signed';
const infoMissingMessage = 'Submit the company information before signing';
export const unitRetiredMessage = 'An office in this offer is no longer offered, so it cannot be signed. Please contact us for a new offer.';

function maskedBanking(deps: AppDeps, offer: OfferRecord): BankingNumbers | null {
  return maskedBankingOf(deps.config.bankingKeys, offer);
}

/** SPEC §3 'Already-signed response', with the account number masked. */
function alreadySignedBody(deps: AppDeps, offer: OfferRecord): AlreadySignedAnswer & { success: false; error: string } {
  const signature = offer.signature!;
  return {
    success: false,
    error: alreadySignedMessage,
    already_signed: true,
    signer: signature.signer_name,
    company: signature.company_name,
    signed_at: signature.signed_at.toISOString(),
    signature: signature.signature_png,
    banking: maskedBanking(deps, offer),
  };
}

/** A signed offer's agreement as a PDF download, its file named after the company and `tag` (the code, or the offer's number for staff); 409 before it is signed. */
export async function signedAgreementAnswer(c: Context, deps: Pick<AppDeps, 'config' | 'clock'>, offer: OfferRecord, language: LeaseLanguage, tag: string) {
  if (!offer.signature) return jsonError(c, 409, 'The agreement can be downloaded once it has been signed');
  const pdf = await agreementPdf({ offer, language, banking: maskedBankingOf(deps.config.bankingKeys, offer), generatedAt: deps.clock() });
  const filename = leasePdfFilename(offer.company_name ?? offer.signature.company_name, tag);
  const asciiName = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'Content-Length': String(pdf.length),
  });
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
function customerInfoProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid company information';
  return issue.message === requiredFieldsMessage ? issue.message : issuesText([issue]);
}

/** A signing body that does not fit: SPEC's texts for the banking details and the signature. */
function signingProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (issue?.path[0] === 'banking') return signingProblemMessages.bankingIncomplete;
  if (issue?.path[0] === 'signature') return signingProblemMessages.signatureMissing;
  return issue && issue.path.length > 0 ? issuesText([issue]) : `body: ${issue?.message ?? 'invalid'}`;
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
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

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
    if (!allowed.ok) return tooManyRequests(c, allowed, 'Too many lease offer lookups. Try again in {seconds} seconds.');
    const offer = await findOfferByCode(deps.db, code);
    if (!offer) return jsonError(c, 404, offerNotFoundMessage);
    await limiters.guess.giveBack(guesser);
    const flood = await limiters.offer.hit(hashOfferCode(code));
    if (!flood.ok) return tooManyRequests(c, flood, 'Too many requests for this lease offer. Try again in {seconds} seconds.');
    if (effectiveStatus(offer, deps.clock()) === 'expired') return jsonError(c, 410, offerExpiredMessage);
    c.set('offer', offer);
    c.set('code', code);
    await next();
  });

  app.get('/:code', async (c) => {
    return c.json({ success: true, offer: offerAnswer(c.var.offer, c.var.code, deps.clock()) });
  });

  // A signed agreement answers with its signature whatever the body: checked before it is read.
  const unsigned: MiddlewareHandler<Env> = async (c, next) => {
    if (c.var.offer.signature) return c.json(alreadySignedBody(deps, c.var.offer), 409);
    await next();
  };

  app.post('/:code/submit-info', unsigned, jsonBody(customerInfo, customerInfoProblem), async (c) => {
    const { offer, code } = c.var;
    const saved = await submitCustomerInfo(deps.db, offer.id, c.var.body, deps.clock());
    const updated = (await findOfferById(deps.db, offer.id))!;
    if (saved === 'already_signed') return c.json(alreadySignedBody(deps, updated), 409);
    if (saved === 'closed') return jsonError(c, 410, offerExpiredMessage);
    return c.json({ success: true, offer: offerAnswer(updated, code, deps.clock()) });
  });

  app.get('/:code/contract-data', async (c) => {
    const { offer, code } = c.var;
    const language = readLanguage(c);
    if (!language) return jsonError(c, 400, 'language must be en or fr');
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
    if (!language) return jsonError(c, 400, 'language must be en or fr');
    return signedAgreementAnswer(c, deps, offer, language, code);
  });

  const infoSubmitted: MiddlewareHandler<Env> = async (c, next) => {
    if (c.var.offer.status !== 'contract_generated') return jsonError(c, 409, infoMissingMessage);
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
    const problem = firstPayloadProblem({ signature: payload.signature, banking });
    if (problem) return jsonError(c, 400, signingProblemMessages[problem]);
    if (banking.account_number.length > accountNumberMaxLength) {
      return jsonError(c, 400, `Account number must be at most ${accountNumberMaxLength} digits`);
    }
    // Only an image the server decoded whole and encoded again is kept (and ever drawn in a PDF).
    const signature = readSignatureDataUrl(payload.signature);
    if (!signature) return jsonError(c, 400, signingProblemMessages.signatureMissing);

    const now = deps.clock();
    const result = await signOffer(deps.db, deps.config.bankingKeys, offer.id, {
      signature,
      banking,
      language: payload.language,
      frenchVersionOffered: payload.frenchVersionOffered === true,
      ipAddress: address(c),
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 500),
      now,
    });
    const signed = (await findOfferById(deps.db, offer.id))!;
    if (result === 'already_signed') return c.json(alreadySignedBody(deps, signed), 409);
    if (result === 'not_ready') return jsonError(c, 409, infoMissingMessage);
    if (result === 'unit_retired') return jsonError(c, 409, unitRetiredMessage);
    if (result === 'closed') return jsonError(c, 410, offerExpiredMessage);
    deps.mailer?.wake();
    return c.json({ success: true, signed_at: signed.signature!.signed_at.toISOString(), offer: offerAnswer(signed, code, now) });
  });

  return app;
}
