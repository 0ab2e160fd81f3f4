import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { WebhookSignatureError, type CheckoutSession, type PaymentProvider, type RefundRequest } from './provider.ts';

/**
 * The built-in test checkout (docs/architecture.md §5): without a Stripe key the server serves its own
 * payment page, marked as test mode, whose Pay and Cancel take the same path as Stripe's events.
 */
export interface TestPaymentProvider extends PaymentProvider {
  /** The refunds it gave, one per idempotency key, for staff to see in the log and tests to read. */
  readonly refunds: readonly RefundRequest[];
}

export function testCheckoutProvider(): TestPaymentProvider {
  const byIdempotencyKey = new Map<string, CheckoutSession>();
  const refunds = new Map<string, RefundRequest & { id: string }>();
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
      const existing = byIdempotencyKey.get(request.idempotencyKey);
      if (existing) return existing;
      const id = `test_cs_${randomBytes(16).toString('hex')}`;
      const session = { id, url: `${request.origin}/public-api/test-checkout/${id}` };
      byIdempotencyKey.set(request.idempotencyKey, session);
      return session;
    },
    verifyWebhook() {
      throw new WebhookSignatureError('The test checkout takes no webhooks: its Pay and Cancel buttons confirm payments');
    },
  };
}

/** Production serves the test checkout only when ALLOW_TEST_CHECKOUT=true. */
export function testCheckoutAllowed(deps: Pick<AppDeps, 'payments' | 'config'>): boolean {
  return deps.payments.kind === 'test' && (!deps.config.production || deps.config.allowTestCheckout === true);
}
