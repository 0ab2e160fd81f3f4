import type { AppContext } from '../deps.ts';
import { logError, logEvent, maskPath } from '../log.ts';
import type { PaymentEvent } from '../payments/provider.ts';
import { settleDueRefunds } from './refunds.ts';
import { applyBillingEvent } from '../billing/pay-now.ts';
import { applyPaymentEvent, confirmOrder, type ConfirmResult, type Payment } from './orders.ts';

/**
 * What follows a payment's transaction once it has committed: the list shows the unit taken,
 * and a late payment's refund is asked for (by then it is a row: if this ask fails or the
 * process stops, the instances' refund round asks again).
 */
async function afterCommit(deps: PaymentDeps, sessionId: string, result: ConfirmResult | 'applied' | 'duplicate'): Promise<void> {
  if (result === 'confirmed' || result === 'paid_but_taken') deps.mailer?.wake();
  if (result === 'confirmed') deps.unitList.invalidate();
  if (result !== 'paid_but_taken') return;
  logEvent('warn', 'payment.after_taken', { session: maskPath(sessionId) });
  await settleDueRefunds(deps);
}

type PaymentDeps = Pick<AppContext, 'db' | 'clock' | 'payments' | 'unitList' | 'mailer' | 'config'>;

/** The test checkout's Pay: the same path as a provider's confirmation, in its own transaction; the visitor's page waits for the refund. */
export async function confirmPayment(deps: PaymentDeps, sessionId: string, payment: Payment): Promise<ConfirmResult> {
  const now = deps.clock();
  const result = await deps.db.transaction().execute((trx) => confirmOrder(trx, sessionId, now, payment, deps.config.bankingKeys));
  await afterCommit(deps, sessionId, result);
  return result;
}

/**
 * A provider's webhook event, recorded and applied once. The provider is answered as soon as
 * the event is recorded; a refund it calls for is asked of the provider after that answer.
 */
export async function receivePaymentEvent(deps: PaymentDeps, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'already' | 'ignored' | ConfirmResult> {
  if (event.action === 'settle_charge' || event.action === 'card_saved') {
    const applied = await applyBillingEvent({ db: deps.db, clock: deps.clock, payments: deps.payments, keyring: deps.config.bankingKeys }, event);
    if (applied === 'applied') deps.mailer?.wake();
    return applied;
  }
  const result = await applyPaymentEvent(deps.db, event, deps.clock(), deps.config.bankingKeys);
  if (event.sessionId) {
    const sessionId = event.sessionId;
    void afterCommit(deps, sessionId, result).catch((err: unknown) => logError('payment.after_commit_failed', err, { session: maskPath(sessionId) }));
  }
  return result;
}
