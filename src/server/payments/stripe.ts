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
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { id: session.id, url: session.url };
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

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed payment methods complete the session unpaid; their money arrives with async_payment_succeeded.
      return { id: event.id, type: event.type, sessionId: event.data.object.id, action: event.data.object.payment_status === 'unpaid' ? 'ignore' : 'confirm' };
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, type: event.type, sessionId: event.data.object.id, action: 'confirm' };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { id: event.id, type: event.type, sessionId: event.data.object.id, action: 'expire' };
    default:
      return { id: event.id, type: event.type, sessionId: null, action: 'ignore' };
  }
}
