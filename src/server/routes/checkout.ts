import { Hono } from 'hono';
import { checkoutRequest } from '../../shared/contract/checkout.ts';
import { startCheckout } from '../bookings/checkout.ts';
import { receivePaymentEvent } from '../bookings/payment-events.ts';
import { clientAddress, limitKey } from '../http/client-address.ts';
import type { AppContext } from '../deps.ts';
import { jsonError } from '../http/errors.ts';
import { issuesText, jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { offerByToken } from '../waitlist/unit-offers.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { requestOrigin, siteOrigins } from '../http/public-origin.ts';

/** The hosted checkout: SPEC.md §7 call 1 opens one, and the provider's webhook says how it ended. */
export function checkoutRoutes(ctx: AppContext, guess: Limiter) {
  const app = new Hono();

  app.post('/create-checkout-session', jsonBody(checkoutRequest, (issues) => `Invalid checkout request: ${issuesText(issues)}`), async (c) => {
    const client = limitKey(clientAddress(c, ctx.config.trustedProxies));
    // A waitlist claim token is a secret link's: one that opens no offer counts as a guess, as a
    // lease code or a manage link does.
    const claim = c.var.body.waitlistOffer;
    if (claim !== undefined) {
      const allowed = await guess.hit(client);
      if (!allowed.ok) return tooManyRequests(c, allowed, 'Too many waitlist link lookups. Try again in {seconds} seconds.');
      if (await offerByToken(ctx.db, 'claim', claim)) await guess.giveBack(client);
    }
    const answer = await startCheckout(ctx, c.var.body, {
      limitKey: client,
      origin: requestOrigin(c, ctx.config.trustedProxies),
      siteOrigins: siteOrigins(c, ctx.config),
    });
    if (answer.kind === 'session') return c.json({ success: true, checkoutUrl: answer.url });
    if (answer.kind === 'too_many') return tooManyRequests(c, answer, answer.error);
    return jsonError(c, answer.status, answer.error);
  });

  /** Stripe's events: each applied once, whatever how often it is delivered. */
  app.post('/webhook', async (c) => {
    // The signature covers the exact bytes: the body is read as text, never parsed first.
    const rawBody = await c.req.text();
    let event;
    try {
      event = ctx.payments.verifyWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (err) {
      if (err instanceof WebhookSignatureError) return jsonError(c, 400, `Webhook refused: ${err.message}`);
      throw err;
    }
    const result = await receivePaymentEvent(ctx, event);
    return c.json(result === 'duplicate' ? { received: true, duplicate: true } : { received: true });
  });

  return app;
}
