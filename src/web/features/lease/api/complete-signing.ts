import { alreadySignedAnswer, signingSuccess, type AlreadySignedAnswer, type SigningPayload } from '../../../../shared/contract/lease.ts';
import { leaseOfferPath } from './get-offer.ts';

export type SigningOutcome = { kind: 'signed'; signedAt: string } | { kind: 'already-signed'; answer: AlreadySignedAnswer } | { kind: 'failed' };

/**
 * SPEC call 9. The already-signed body may come with an error status (409), so it is looked
 * for in every answer before the status decides.
 */
export async function completeSigning(code: string, payload: SigningPayload): Promise<SigningOutcome> {
  let res: Response;
  try {
    res = await fetch(leaseOfferPath(code, '/complete-signing'), {
      method: 'POST',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    return { kind: 'failed' };
  }
  const body: unknown = await res.json().catch(() => null);
  const already = alreadySignedAnswer.safeParse(body);
  if (already.success) return { kind: 'already-signed', answer: already.data };
  if (!res.ok) return { kind: 'failed' };
  const signed = signingSuccess.safeParse(body);
  return signed.success ? { kind: 'signed', signedAt: signed.data.signed_at } : { kind: 'failed' };
}
