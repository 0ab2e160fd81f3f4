import Stripe from 'stripe';
import { CardRefusedError, ProviderRefusedError, WebhookSignatureError, type PaymentEvent, type PaymentProvider, type SavedCard } from './provider.ts';

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
          // A rental's card is kept for its monthly invoices, charged without the customer.
          ...(request.saveCard ? { customer_creation: 'always' as const } : {}),
          payment_intent_data: { metadata: request.metadata, ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
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
    async createInvoiceSession(request) {
      const metadata = { invoice_payment_id: request.invoicePaymentId, invoice_id: request.invoiceId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({ quantity: 1, price_data: { currency: 'cad' as const, unit_amount: line.amountCents, product_data: { name: line.description } } })),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          locale: request.locale,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          client_reference_id: request.invoicePaymentId,
          // The card paid with is kept on the rental's customer for the months after.
          ...(request.customerId ? { customer: request.customerId } : { customer_creation: 'always' as const }),
          metadata,
          // Its payment intent names no payment row: a card declined on the page fails the intent, not the row, which the completed session settles.
          payment_intent_data: { metadata: { invoice_id: request.invoiceId }, setup_future_usage: 'off_session' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { id: session.id, url: session.url };
    },
    async createCardSession(request) {
      const metadata = { card_change_id: request.cardChangeId, rental_id: request.rentalId };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'cad',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          locale: request.locale,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          client_reference_id: request.cardChangeId,
          ...(request.customerId ? { customer: request.customerId } : { customer_creation: 'always' as const }),
          metadata,
          setup_intent_data: { metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { id: session.id, url: session.url };
    },
    async chargeSavedCard(request) {
      const paymentMethod = request.card.paymentMethodId;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'cad',
            customer: request.card.customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentId: intent.id, paymentMethodId: paymentMethod };
        // A card charge that is neither done nor refused yet: its webhook settles it.
        if (intent.status === 'processing') throw new Error(`Stripe payment ${intent.id} is still processing`);
        return { outcome: 'failed', paymentId: intent.id, reason: intent.last_payment_error?.code ?? intent.status };
      } catch (err) {
        // The card's or its customer's refusal is an answer; Stripe refusing us throws ProviderRefusedError; no answer leaves the try open.
        const reason = cardRefusalOf(err);
        if (reason) return { outcome: 'failed', paymentId: (err as Stripe.errors.StripeError).payment_intent?.id ?? null, reason };
        throw err;
      }
    },
    async newestCard(customerId) {
      try {
        // Stripe lists a customer's cards newest first.
        return (await stripe.customers.listPaymentMethods(customerId, { limit: 1 })).data[0]?.id ?? null;
      } catch (err) {
        const reason = cardRefusalOf(err);
        if (reason) throw new CardRefusedError(reason, (err as Error).message);
        throw err;
      }
    },
    async findCharge(invoicePaymentId) {
      const found = await stripe.paymentIntents.search({ query: `metadata['invoice_payment_id']:'${invoicePaymentId.replace(/[^A-Za-z0-9-]/g, '')}'`, limit: 1 });
      const intent = found.data[0];
      if (!intent) return null;
      if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentId: intent.id, paymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null) };
      if (intent.status === 'processing') throw new Error(`Stripe payment ${intent.id} is still processing`);
      return { outcome: 'failed', paymentId: intent.id, reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status };
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

/** The issuer's reason when the card was declined (insufficient_funds…), else Stripe's code (authentication_required, expired_card…). */
function refusalOf(err: Stripe.errors.StripeCardError): string {
  return (err.code === 'card_declined' && err.decline_code) || err.code || 'card_declined';
}

/**
 * The invalid_request_error codes that are about the card or its customer, not our request: the
 * card detached, deleted or unusable (payment_method_…), the amount more or less than it may be
 * charged, the customer or card gone (resource_missing: a charge names no other object).
 */
function isCardsCode(code: string | undefined): boolean {
  return code !== undefined && (code.startsWith('payment_method_') || code.startsWith('amount_too_') || code === 'resource_missing' || code === 'payment_intent_incompatible_payment_method');
}

/**
 * Sorts an error of a call about a saved card by what it means (docs.stripe.com/error-handling):
 * the card or its customer cannot be charged (the reason, for the try and for staff); Stripe
 * refuses us (authentication, permission, a request it calls invalid: thrown as
 * ProviderRefusedError); else null, no answer (a network error, a timeout, a 429 or a 5xx),
 * which the caller throws on, for the try to be asked again with the same key.
 */
function cardRefusalOf(err: unknown): string | null {
  const codeOf = (e: Stripe.errors.StripeError) => e.code ?? e.rawType ?? 'unknown';
  if (err instanceof Stripe.errors.StripeCardError) return refusalOf(err);
  if (err instanceof Stripe.errors.StripeAuthenticationError) throw new ProviderRefusedError('authentication', codeOf(err), err.message);
  if (err instanceof Stripe.errors.StripePermissionError) throw new ProviderRefusedError('permission', codeOf(err), err.message);
  // Asked again with the same key and other parameters: our request, not the card.
  if (err instanceof Stripe.errors.StripeIdempotencyError) throw new ProviderRefusedError('invalid_request', codeOf(err), err.message);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (!isCardsCode(err.code)) throw new ProviderRefusedError('invalid_request', codeOf(err), err.message);
    // 'customer_missing', 'payment_method_missing': which of the two is gone.
    return err.code === 'resource_missing' ? `${err.param ?? 'resource'}_missing` : err.code!;
  }
  return null;
}

/** The Customer a rental's checkout created, its card saved on it. */
function savedCardOf(session: Stripe.Checkout.Session): SavedCard | null {
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  return customer ? { customerId: customer, paymentMethodId: null } : null;
}

/**
 * A completed Pay now or Change card session: settles its payment rows (the card it paid with
 * becomes the rental's, through its customer) or makes its card the rental's; null for an order's.
 */
function billingSessionEvent(base: { id: string; type: string }, session: Stripe.Checkout.Session): PaymentEvent | null {
  const none = { sessionId: null, paymentIntentId: null, buyer: null };
  const savedCard = savedCardOf(session);
  const invoicePaymentId = session.metadata?.invoice_payment_id;
  if (invoicePaymentId) {
    const paymentId = paymentIntentOf(session);
    if (session.payment_status !== 'paid' || !paymentId) return { ...base, ...none, savedCard, action: 'ignore' };
    return { ...base, ...none, paymentIntentId: paymentId, savedCard, action: 'settle_charge', charge: { invoicePaymentId, paymentId, outcome: 'succeeded', paymentMethodId: null } };
  }
  const cardChangeId = session.metadata?.card_change_id;
  if (cardChangeId) return { ...base, ...none, savedCard, action: 'card_saved', cardChange: { cardChangeId, customerId: savedCard?.customerId ?? null } };
  return null;
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
      const billing = billingSessionEvent(base, session);
      if (billing) return billing;
      return {
        ...base,
        sessionId: session.id,
        paymentIntentId: paymentIntentOf(session),
        buyer: buyerOf(session),
        savedCard: savedCardOf(session),
        action: session.payment_status === 'unpaid' ? 'ignore' : 'confirm',
      };
    }
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return { ...base, sessionId: session.id, paymentIntentId: paymentIntentOf(session), buyer: buyerOf(session), savedCard: savedCardOf(session), action: 'confirm' };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { ...base, sessionId: event.data.object.id, paymentIntentId: null, buyer: null, savedCard: null, action: 'expire' };
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      // Only the monthly charges carry a payment row's id; a checkout's own payment is settled by its session's event.
      const intent = event.data.object;
      const invoicePaymentId = intent.metadata?.invoice_payment_id;
      if (!invoicePaymentId) return { ...base, sessionId: null, paymentIntentId: null, buyer: null, savedCard: null, action: 'ignore' };
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
      const charge =
        event.type === 'payment_intent.succeeded'
          ? { invoicePaymentId, paymentId: intent.id, outcome: 'succeeded' as const, paymentMethodId: method }
          : { invoicePaymentId, paymentId: intent.id, outcome: 'failed' as const, reason: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'card_declined' };
      return { ...base, sessionId: null, paymentIntentId: intent.id, buyer: null, savedCard: null, action: 'settle_charge', charge };
    }
    default:
      return { ...base, sessionId: null, paymentIntentId: null, buyer: null, savedCard: null, action: 'ignore' };
  }
}
