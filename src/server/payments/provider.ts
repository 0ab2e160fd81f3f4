/** One line of the hosted checkout, with the server's amount. */
export interface CheckoutLineItem {
  name: string;
  amountCents: number;
  quantity: number;
}

export interface CheckoutSessionRequest {
  /** Our order id; also the idempotency key's subject, so a retried request makes no second session. */
  orderId: string;
  idempotencyKey: string;
  currency: 'cad';
  lineItems: CheckoutLineItem[];
  /** Where the visitor lands after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  locale: 'en' | 'fr';
  expiresAt: Date;
  /** Our ids only: never a name, an e-mail or an amount. */
  metadata: Record<string, string>;
  /** The origin this server was reached at, for a checkout page it serves itself. */
  origin: string;
  /** A rental's checkout keeps the card for the rental's later payments (Stripe: a Customer, setup_future_usage off_session). */
  saveCard: boolean;
}

/** Pay now: a checkout of what invoices owe (one, or the customer's choice of all owed), that keeps the card for the rental's later invoices. */
export interface InvoiceSessionRequest {
  /** The payment row it was opened for (the others of its invoices name it): the session's metadata, and its idempotency key's subject. */
  invoicePaymentId: string;
  invoiceId: string;
  idempotencyKey: string;
  /** One line per invoice, with its amount owed, as the payment page shows it ('F-2026-000003 · Desk A1 · December 2026'); the first is the row's own. */
  lines: { description: string; amountCents: number }[];
  /** The rental's customer at the provider, so the new card joins it; null: the checkout makes one. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  locale: 'en' | 'fr';
  expiresAt: Date;
  origin: string;
}

/** Change card: a setup checkout that keeps a new card for the rental's customer, charging nothing. */
export interface CardSessionRequest {
  cardChangeId: string;
  rentalId: string;
  idempotencyKey: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  locale: 'en' | 'fr';
  expiresAt: Date;
  origin: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** What the server does with a provider's event; anything else is acknowledged and ignored. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** settle_charge: a saved card's charge (a monthly invoice's try) succeeded or failed, told apart from its answer. */
  action: 'confirm' | 'expire' | 'settle_charge' | 'card_saved' | 'ignore';
  sessionId: string | null;
  /** The payment a confirmed session made (Stripe's payment intent), to refund it by. */
  paymentIntentId: string | null;
  /** Who paid, as the checkout collected them (Stripe's customer_details). */
  buyer: { name: string; email: string } | null;
  /** The card a rental's checkout kept at the provider, for its later payments; absent or null: none. */
  savedCard?: SavedCard | null;
  /** card_saved: the card change a setup checkout completed, and the customer the card was kept for. */
  cardChange?: { cardChangeId: string; customerId: string | null };
  /** settle_charge: which payment row it settles (our metadata), and how. */
  charge?: { invoicePaymentId: string; paymentId: string } & ({ outcome: 'succeeded'; paymentMethodId: string | null } | { outcome: 'failed'; reason: string });
}

/** A card the provider keeps for a customer: the payment method may be unknown yet (the provider then uses the customer's newest card). */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string | null;
}

/** A charge of a saved card without the customer (a rental's monthly invoice). */
export interface SavedCardCharge {
  /** The card, named: a try asked again must name the same card, or Stripe refuses its key. */
  card: { customerId: string; paymentMethodId: string };
  amountCents: number;
  /** One per payment row: the same try asked again charges nothing twice (Stripe keeps keys for 24 hours only). */
  idempotencyKey: string;
  description: string;
  /** Our ids only: the payment row and its invoice, to settle a try whose answer was lost. */
  metadata: { invoice_payment_id: string; invoice_id: string };
}

/** What the provider answered: the money moved, or why not (its own code: card_declined, authentication_required…). */
export type ChargeOutcome =
  | { outcome: 'succeeded'; paymentId: string; paymentMethodId: string | null }
  | { outcome: 'failed'; paymentId: string | null; reason: string };

export interface RefundRequest {
  orderId: string;
  /** One per refund row: a retried request refunds nothing twice. */
  idempotencyKey: string;
  amountCents: number;
  sessionId: string | null;
  paymentIntentId: string | null;
  reason: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** The event in a webhook body; throws WebhookSignatureError unless the signature is the provider's. */
  verifyWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
  /** Gives money back; throws with the provider's reason when it refuses. */
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * Charges a saved card off session. A refusal of the card or its customer (declined, the card
   * detached, the customer deleted, the amount refused) is an outcome; the provider refusing us
   * throws ProviderRefusedError; no answer (the provider down, a timeout) throws anything else,
   * and the try stays open to be asked again with the same key.
   */
  chargeSavedCard(request: SavedCardCharge): Promise<ChargeOutcome>;
  /**
   * The customer's newest saved card (a checkout or Change card names only the customer); null:
   * none. Throws CardRefusedError when the customer is gone, and as chargeSavedCard otherwise.
   */
  newestCard(customerId: string): Promise<string | null>;
  /**
   * What became of a try asked long ago whose answer never came (its idempotency key has
   * expired): the charge made for its payment row, found by our metadata; null: none was made.
   */
  findCharge(invoicePaymentId: string): Promise<ChargeOutcome | null>;
  /** Pay now's checkout page, for its invoices. */
  createInvoiceSession(request: InvoiceSessionRequest): Promise<CheckoutSession>;
  /** Change card's page. */
  createCardSession(request: CardSessionRequest): Promise<CheckoutSession>;
}

export class WebhookSignatureError extends Error {}

/**
 * The card or its customer cannot be charged, as a call other than the charge itself found (the
 * customer's cards listed, the customer deleted): the try fails at once with `reason`, as a decline does.
 */
export class CardRefusedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'CardRefusedError';
  }
}

/** Why the provider will not hear us at all: our key refused, a right the key lacks, or a request it calls invalid. */
export type ProviderRefusal = 'authentication' | 'permission' | 'invalid_request';

/**
 * The provider refuses us, whatever the card (docs/architecture.md §4.11): nothing was charged,
 * and asking again changes nothing until someone mends the key, the account or the request. The
 * round stops charging and staff are told once (billing/provider-incidents.ts).
 */
export class ProviderRefusedError extends Error {
  constructor(
    readonly refusal: ProviderRefusal,
    /** The provider's code (its error type when it gives none), for staff. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}

/** The placeholder Stripe replaces with the session id in success_url; the test checkout does the same. */
export const sessionIdPlaceholder = '{CHECKOUT_SESSION_ID}';

/** successUrl with the session id in its query, as Stripe's {CHECKOUT_SESSION_ID} gives it. */
export function successUrlTemplate(successUrl: string): string {
  const hashAt = successUrl.indexOf('#');
  const base = hashAt >= 0 ? successUrl.slice(0, hashAt) : successUrl;
  const hash = hashAt >= 0 ? successUrl.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}session_id=${sessionIdPlaceholder}${hash}`;
}
