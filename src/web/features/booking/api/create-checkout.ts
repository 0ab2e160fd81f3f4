import { checkoutResponse, type CheckoutDetails, type CheckoutRequest } from '../../../../shared/contract/checkout.ts';
import { apiUrl } from '../../../app/api.ts';
import { localKeys } from '../../../storage/keys.ts';
import { writeLocal } from '../../../storage/local.ts';

/**
 * Why a checkout could not start (SPEC §8 'Checkout creation'): 'refused' when the answer came
 * back without success or checkoutUrl, 'request' when the request itself failed. `error` is
 * the server's own text when it gave one.
 */
export type CheckoutProblem = { kind: 'refused' | 'request'; error: string | undefined };

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

async function readBody(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/**
 * SPEC §7 call 1: asks for a checkout session, saves checkoutDetails for the success page,
 * then leaves for the hosted checkout. Resolves only when it did not leave.
 */
export async function startCheckout(
  request: CheckoutRequest,
  details: CheckoutDetails,
  leave: (url: string) => void = (url) => window.location.assign(url),
): Promise<CheckoutProblem> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/public-api/stripe/create-checkout-session'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { kind: 'request', error: undefined };
  }
  const parsed = checkoutResponse.safeParse(await readBody(res));
  const body = parsed.success ? parsed.data : undefined;
  if (!res.ok) return { kind: 'request', error: body?.error };
  if (!body?.success || !body.checkoutUrl || !isWebUrl(body.checkoutUrl)) return { kind: 'refused', error: body?.error };
  writeLocal(localKeys.checkoutDetails, details);
  leave(body.checkoutUrl);
  // The page is unloading; nothing more to show.
  return new Promise<never>(() => {});
}
