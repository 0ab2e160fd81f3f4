import { Hono } from 'hono';
import { checkoutRequest } from '../../shared/contract/checkout.ts';
import { startCheckout } from '../bookings/checkout.ts';
import { receivePaymentEvent } from '../bookings/payment-events.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { requestOrigin, siteOrigins } from '../http/public-origin.ts';

/** The hosted checkout: SPEC.md §7 call 1 opens one, and the provider's webhook says how it ended. */
export function checkoutRoutes(ctx: AppContext, guess: Limiter) {
  const app = new Hono();

  app.post('/create-checkout-session', jsonBody(checkoutRequest, (fields) => fieldsProblem('invalid_checkout_request', fields)), async (c) => {
    const client = limitKey(clientAddress(c, ctx.config.trustedProxies));
    // A waitlist claim token is a secret link's: one that opens no offer counts as a guess, as a
    // lease code or a manage link does; counted before it is looked up, given back when it was real.
    const claimed = c.var.body.waitlistOffer !== undefined;
    if (claimed) {
      const allowed = await guess.hit(client);
      if (!allowed.ok) return tooManyRequests(c, allowed, 'too_many_waitlist_link_lookups');
    }
    const answer = await startCheckout(ctx, c.var.body, {
      limitKey: client,
      origin: requestOrigin(c, ctx.config.trustedProxies),
      siteOrigins: siteOrigins(c, ctx.config),
    });
    if (claimed && answer.claimLinkFound) await guess.giveBack(client);
    if (answer.kind === 'session') return c.json({ success: true, checkoutUrl: answer.url });
    if (answer.retryAfterSeconds !== undefined) return tooManyRequests(c, { retryAfterSeconds: answer.retryAfterSeconds }, answer.problem);
    return problemAnswer(c, answer.problem);
  });

  /** Stripe's events: each applied once, whatever how often it is delivered. */
  app.post('/webhook', async (c) => {
    // The signature covers the exact bytes: the body is read as text, never parsed first.
    const rawBody = await c.req.text();
    let event;
    try {
      event = ctx.payments.verifyWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) return problemAnswer(c, problem('webhook_refused', { reason: err.message }));
      throw err;
    }
    const result = await receivePaymentEvent(ctx, event);
    return c.json(result === 'duplicate' ? { received: true, duplicate: true } : { received: true });
  });

  return app;
}
