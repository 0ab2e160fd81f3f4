import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Where the SDK sends its requests; tests aim it at a local stand-in. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe Checkout through the official SDK. */
export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...options.api,
  });
  return {
    kind: 'stripe',
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lineItems.map((item) => ({
            quantity: item.quantity,
            price_data: { currency: request.currency, unit_amount: item.amountCents, product_data: { name: item.name } },
          })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          locale: request.locale,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          client_reference_id: request.orderId,
          // The receipt names the buyer: Stripe always collects the e-mail, and here the name too.
          name_collection: { individual: { enabled: true, optional: false } },
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { id: session.id, url: session.url };
    },
    async refund(request) {
      let paymentIntent = request.paymentIntentId;
      if (!paymentIntent && request.sessionId) {
        paymentIntent = paymentIntentOf(await stripe.checkout.sessions.retrieve(request.sessionId));
      }
      if (!paymentIntent) throw new Error(`checkout session ${request.sessionId ?? '(none)'} has no payment to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountCents,
          // Stripe's own words for a refund the customer asked for (a cancellation); a late payment's has none of them.
          ...(request.reason === 'cancelled' ? { reason: 'requested_by_customer' as const } : {}),
          metadata: { order_id: request.orderId, reason: request.reason },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? 'no reason given'}`);
      return { id: refund.id };
    },
    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('No webhook secret is configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'The webhook signature is not valid');
      }
      return toPaymentEvent(event);
    },
  };
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/** The buyer the session collected; a receipt needs an e-mail to be sent, and a name to be made out to. */
function buyerOf(session: Stripe.Checkout.Session): PaymentEvent['buyer'] {
  const details = session.customer_details;
  const email = details?.email ?? session.customer_email;
  if (!email) return null;
  // Stored and printed on the receipt: one line of text, of a sane length.
  const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim().slice(0, 200);
  return { name: oneLine(details?.individual_name ?? details?.name ?? ''), email: oneLine(email) };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      // Delayed payment methods complete the session unpaid; their money arrives with async_payment_succeeded.
      const session = event.data.object;
      return { ...base, sessionId: session.id, paymentIntentId: paymentIntentOf(session), buyer: buyerOf(session), action: session.payment_status === 'unpaid' ? 'ignore' : 'confirm' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { ...base, sessionId: event.data.object.id, paymentIntentId: paymentIntentOf(event.data.object), buyer: buyerOf(event.data.object), action: 'confirm' };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { ...base, sessionId: event.data.object.id, paymentIntentId: null, buyer: null, action: 'expire' };
    default:
      return { ...base, sessionId: null, paymentIntentId: null, buyer: null, action: 'ignore' };
  }
}
