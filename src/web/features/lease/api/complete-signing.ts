import * as z from 'zod/mini';
import { alreadySignedAnswer, signingSuccess, type AlreadySignedAnswer, type SigningPayload } from '../../../../shared/contract/lease.ts';
import { ApiRequestError, requestJson } from '../../../app/api.ts';
import { leaseOfferPath } from './get-lease-offer.ts';

export type SigningOutcome = { kind: 'signed'; signedAt: string } | { kind: 'already-signed'; answer: AlreadySignedAnswer };

const signingAnswer = z.union([alreadySignedAnswer, signingSuccess]);

/**
 * SPEC call 9; any other failure throws an ApiRequestError. The already-signed body may come
 * with an error status (409) or say success: false, so the error's body is read for it too.
 */
export async function completeSigning(code: string, payload: SigningPayload): Promise<SigningOutcome> {
  let answer: z.infer<typeof signingAnswer>;
  try {
    answer = await requestJson(leaseOfferPath(code, '/complete-signing'), signingAnswer, { body: payload, cache: 'no-store' });
  } catch (error) {
    const already = error instanceof ApiRequestError ? alreadySignedAnswer.safeParse(error.body) : undefined;
    if (already?.success) return { kind: 'already-signed', answer: already.data };
    throw error;
  }
  return 'already_signed' in answer ? { kind: 'already-signed', answer } : { kind: 'signed', signedAt: answer.signed_at };
}
