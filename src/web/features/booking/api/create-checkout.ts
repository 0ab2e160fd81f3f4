import { checkoutResponse, type CheckoutRequest } from '../../../../shared/contract/checkout.ts';
import type { CheckoutDetails } from '../../../../shared/contract/orders.ts';
import { ApiRequestError, requestJson } from '../../../app/api.ts';
import { problemOfHeaders, type ProblemAnswer } from '../../../i18n/problem-headers.ts';
import { localKeys } from '../../../../shared/storage-names.ts';
import { writeLocal } from '../../../storage/local.ts';

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * SPEC §7 call 1: the hosted checkout's URL. An answer without success or a web checkoutUrl is
 * 'refused', with the server's error text when it gave one.
 */
async function createCheckoutSession(request: CheckoutRequest): Promise<string> {
  const answer = await requestJson('/public-api/stripe/create-checkout-session', checkoutResponse, { body: request });
  if (!answer.success || !answer.checkoutUrl || !isWebUrl(answer.checkoutUrl)) throw new ApiRequestError({ kind: 'refused', error: answer.error }, answer);
  return answer.checkoutUrl;
}

/** Why a checkout did not start: the kind of failure, the server's text, and the problem it named when it named one. */
export interface CheckoutFailure {
  kind: 'refused' | 'request';
  error: string | undefined;
  problem?: ProblemAnswer;
}

/**
 * SPEC §8 'Checkout creation' tells two failures apart: an answer that lacks success or
 * checkoutUrl ('refused': its error, else 'Failed to create checkout session') and a request
 * that failed ('request': the error of the answer's body, else 'An error occurred creating the
 * checkout session'). A problem the server named is said in the visitor's words before either.
 */
function checkoutFailure(error: unknown): CheckoutFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'request', error: undefined };
  const refused = error.problem.kind === 'refused' || error.problem.kind === 'unreadable';
  const problem = problemOfHeaders(error.headers);
  return { kind: refused ? 'refused' : 'request', error: error.serverText, ...(problem ? { problem } : {}) };
}

/**
 * Asks for a checkout session, saves checkoutDetails for the success page, then leaves for the
 * hosted checkout. Resolves only when it did not leave, with why.
 */
export async function startCheckout(
  request: CheckoutRequest,
  details: CheckoutDetails,
  leave: (url: string) => void = (url) => window.location.assign(url),
): Promise<CheckoutFailure> {
  let checkoutUrl: string;
  try {
    checkoutUrl = await createCheckoutSession(request);
  } catch (error) {
    return checkoutFailure(error);
  }
  writeLocal(localKeys.checkoutDetails, details);
  leave(checkoutUrl);
  // The page is unloading; nothing more to show.
  return new Promise<never>(() => {});
}
