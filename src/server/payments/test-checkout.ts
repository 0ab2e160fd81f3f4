import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { TestPaymentCardsTable } from '../db/schema.ts';
import { WebhookSignatureError, type CheckoutSession, type PaymentProvider, type RefundRequest, type SavedCard } from './provider.ts';

/**
 * The built-in test checkout (docs/architecture.md §5): without a Stripe key the server serves its own
 * payment page, marked as test mode, whose Pay and Cancel take the same path as Stripe's events.
 * Like Stripe's test mode, it takes Stripe's test card numbers and behaves as each of them does;
 * the cards it keeps and the charges it makes are rows, so a restart or another instance sees them.
 */
export interface TestPaymentProvider extends PaymentProvider {
  readonly kind: 'test';
  /** The refunds it gave, one per idempotency key, for staff to see in the log and tests to read. */
  readonly refunds: readonly RefundRequest[];
  /** Keeps a card for a customer (a new one unless given), as a rental's checkout, Pay now and Change card do. */
  saveCard(card: TestCard, customerId?: string | null): Promise<SavedCard>;
}

type CardBehaviour = TestPaymentCardsTable['behaviour'];

/** Stripe's test numbers the page takes, and what each does (docs.stripe.com/testing). */
const testCardNumbers: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  // Can be saved (Change card), but every charge is declined, the first included.
  '4000000000000341': 'declines',
  // Charges made without the customer need their authentication.
  '4000002760003184': 'needs_authentication',
};

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
}

/** A typed card number (spaces and dashes allowed) as one of the test cards, or null for any other number. */
export function testCardOf(typed: string): TestCard | null {
  const number = typed.replace(/[\s-]/g, '');
  const behaviour = Object.hasOwn(testCardNumbers, number) ? testCardNumbers[number] : undefined;
  return behaviour ? { number, behaviour } : null;
}

/** Whether a payment made with the customer there (a checkout) goes through: only the always-declined card is refused. */
export function paysOnSession(card: TestCard): boolean {
  return card.behaviour !== 'declines';
}

const chargeRefusal: Record<Exclude<CardBehaviour, 'succeeds'>, string> = { declines: 'card_declined', needs_authentication: 'authentication_required' };

export function testCheckoutProvider(db: Db): TestPaymentProvider {
  const byIdempotencyKey = new Map<string, CheckoutSession>();
  const refunds = new Map<string, RefundRequest & { id: string }>();
  /** A session on this server's own page: what it is for is the record that names its id (an order, a payment row, a card change). */
  const session = (request: { idempotencyKey: string; origin: string }): CheckoutSession => {
    const existing = byIdempotencyKey.get(request.idempotencyKey);
    if (existing) return existing;
    const id = `test_cs_${randomBytes(16).toString('hex')}`;
    const created = { id, url: `${request.origin}/public-api/test-checkout/${id}` };
    byIdempotencyKey.set(request.idempotencyKey, created);
    return created;
  };
  return {
    kind: 'test',
    get refunds() {
      return [...refunds.values()];
    },
    async refund(request) {
      const existing = refunds.get(request.idempotencyKey);
      if (existing) return { id: existing.id };
      const id = `test_re_${randomBytes(12).toString('hex')}`;
      refunds.set(request.idempotencyKey, { ...request, id });
      return { id };
    },
    async createCheckoutSession(request) {
      return session(request);
    },
    async createInvoiceSession(request) {
      return session(request);
    },
    async createCardSession(request) {
      return session(request);
    },
    async saveCard(card, customerId) {
      const saved = { id: `test_pm_${randomBytes(12).toString('hex')}`, customer_id: customerId ?? `test_cus_${randomBytes(12).toString('hex')}` };
      await db
        .insertInto('test_payment_cards')
        .values({ ...saved, last4: card.number.slice(-4), behaviour: card.behaviour, created_at: new Date() })
        .execute();
      return { customerId: saved.customer_id, paymentMethodId: saved.id };
    },
    async newestCard(customerId) {
      const card = await db.selectFrom('test_payment_cards').select('id').where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return card?.id ?? null;
    },
    async findCharge(invoicePaymentId) {
      const charge = await db
        .selectFrom('test_payment_charges')
        .select(['id', 'card_id', 'status', 'failure_code'])
        .where('metadata', '@>', JSON.stringify({ invoice_payment_id: invoicePaymentId }))
        .executeTakeFirst();
      if (!charge) return null;
      return charge.status === 'succeeded' ? { outcome: 'succeeded', paymentId: charge.id, paymentMethodId: charge.card_id } : { outcome: 'failed', paymentId: charge.id, reason: charge.failure_code ?? 'card_declined' };
    },
    async chargeSavedCard(request) {
      const card = await db
        .selectFrom('test_payment_cards')
        .select(['id', 'behaviour'])
        .where('customer_id', '=', request.card.customerId)
        .where('id', '=', request.card.paymentMethodId)
        .executeTakeFirst();
      if (!card) return { outcome: 'failed', paymentId: null, reason: 'no_saved_card' };
      // One charge per idempotency key, whichever instance asks, however often: the key's row decides.
      await db
        .insertInto('test_payment_charges')
        .values({
          id: `test_pi_${randomBytes(12).toString('hex')}`,
          idempotency_key: request.idempotencyKey,
          card_id: card.id,
          amount_cents: request.amountCents,
          status: card.behaviour === 'succeeds' ? 'succeeded' : 'failed',
          failure_code: card.behaviour === 'succeeds' ? null : chargeRefusal[card.behaviour],
          metadata: JSON.stringify(request.metadata),
          created_at: new Date(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const charge = await db
        .selectFrom('test_payment_charges')
        .select(['id', 'card_id', 'status', 'failure_code'])
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      return charge.status === 'succeeded'
        ? { outcome: 'succeeded', paymentId: charge.id, paymentMethodId: charge.card_id }
        : { outcome: 'failed', paymentId: charge.id, reason: charge.failure_code ?? 'card_declined' };
    },
    verifyWebhook() {
      throw new WebhookSignatureError('The test checkout takes no webhooks: its Pay and Cancel buttons confirm payments');
    },
  };
}

/** The provider as the test checkout's page uses it: its own cards. */
export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.kind === 'test' && 'saveCard' in provider;
}

/**
 * Production serves the test checkout only when ALLOW_TEST_CHECKOUT=true. The app's deps are read
 * through a shape of their own: deps.ts gathers payments/, which does not import it back.
 */
export function testCheckoutAllowed(deps: { payments: PaymentProvider; config: { production: boolean; allowTestCheckout?: boolean } }): boolean {
  return deps.payments.kind === 'test' && (!deps.config.production || deps.config.allowTestCheckout === true);
}
