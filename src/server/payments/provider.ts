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
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** What the server does with a provider's event; anything else is acknowledged and ignored. */
export interface PaymentEvent {
  id: string;
  type: string;
  action: 'confirm' | 'expire' | 'ignore';
  sessionId: string | null;
  /** The payment a confirmed session made (Stripe's payment intent), to refund it by. */
  paymentIntentId: string | null;
  /** Who paid, as the checkout collected them (Stripe's customer_details). */
  buyer: { name: string; email: string } | null;
}

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
}

export class WebhookSignatureError extends Error {}

/** The placeholder Stripe replaces with the session id in success_url; the test checkout does the same. */
export const sessionIdPlaceholder = '{CHECKOUT_SESSION_ID}';

/** successUrl with the session id in its query, as Stripe's {CHECKOUT_SESSION_ID} gives it. */
export function successUrlTemplate(successUrl: string): string {
  const hashAt = successUrl.indexOf('#');
  const base = hashAt >= 0 ? successUrl.slice(0, hashAt) : successUrl;
  const hash = hashAt >= 0 ? successUrl.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}session_id=${sessionIdPlaceholder}${hash}`;
}
