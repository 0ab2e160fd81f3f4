import type { AppDeps } from '../deps.ts';
import { logEvent } from '../log.ts';
import { invalidateOfficesList } from '../routes/offices.ts';
import { applyPaymentEvent, confirmOrder, type ConfirmResult } from './orders.ts';
import type { PaymentEvent } from './provider.ts';
import { refundIdOfOrder, settleRefund } from './refunds.ts';

/** What follows a payment's transaction once it has committed: the list shows the unit taken, a late payment is refunded. */
async function afterCommit(deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>, sessionId: string, result: ConfirmResult | 'applied' | 'duplicate'): Promise<void> {
  if (result === 'confirmed') invalidateOfficesList(deps.db);
  if (result !== 'paid_but_taken') return;
  logEvent('warn', 'payment.after_taken', { session: sessionId.slice(0, 12) });
  const refundId = await refundIdOfOrder(deps.db, sessionId);
  // A failure here leaves the refund pending: the instances' refund round asks again.
  if (refundId) await settleRefund(deps, refundId);
}

/** The test checkout's Pay: the same path as a provider's confirmation, in its own transaction. */
export async function confirmPayment(deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>, payment: { sessionId: string; paymentIntentId: string | null }): Promise<ConfirmResult> {
  const now = deps.clock();
  const result = await deps.db.transaction().execute((trx) => confirmOrder(trx, payment.sessionId, now, payment.paymentIntentId));
  await afterCommit(deps, payment.sessionId, result);
  return result;
}

/** A provider's webhook event, recorded and applied once. */
export async function receivePaymentEvent(deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>, event: PaymentEvent): Promise<'applied' | 'duplicate' | ConfirmResult> {
  const result = await applyPaymentEvent(deps.db, event, deps.clock());
  if (event.sessionId) await afterCommit(deps, event.sessionId, result);
  return result;
}
