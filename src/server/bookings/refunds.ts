import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { logError, logEvent } from '../log.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/**
 * A worker owns a refund it claimed for this long; should it die, another takes over after.
 * Longer than the slowest ask can take (the Stripe SDK: 20 s, retried twice, for the session
 * and then for the refund), so two workers never ask at once.
 */
const claimMs = 5 * 60_000;
/** Waits between attempts: 1 minute, doubling, at most an hour. A refund is owed: it is never given up. */
function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

interface RefundDeps {
  db: Db;
  clock: () => Date;
  payments: PaymentProvider;
}

/**
 * Asks the provider for one refund, outside any transaction: the row is claimed in a short
 * transaction first, so two instances never ask at once, and the idempotency key makes a
 * repeated ask (after a crash between asking and recording) refund nothing twice.
 */
export async function settleRefund(deps: RefundDeps, refundId: string): Promise<'succeeded' | 'failed' | 'not_due'> {
  const now = deps.clock();
  const claimedUntil = new Date(now.getTime() + claimMs);
  // A refund of an invoice's payment gives back that payment at the provider, not the order's checkout.
  const claimed = await sql<{ id: string; order_id: string; amount_cents: number; reason: string; attempts: number; session_id: string | null; payment_intent_id: string | null }>`
    update refunds set claimed_until = ${claimedUntil}, attempts = refunds.attempts + 1
    from orders
    where refunds.id = ${refundId} and orders.id = refunds.order_id and refunds.status = 'pending'
      and (refunds.claimed_until is null or refunds.claimed_until <= ${now})
    returning refunds.id, refunds.order_id, refunds.amount_cents, refunds.reason, refunds.attempts,
      case when refunds.invoice_payment_id is null then orders.session_id end as session_id,
      coalesce((select p.provider_payment_id from invoice_payments p where p.id = refunds.invoice_payment_id), orders.payment_intent_id) as payment_intent_id`.execute(deps.db);
  const refund = claimed.rows[0];
  if (!refund) return 'not_due';
  try {
    const given = await deps.payments.refund({
      orderId: refund.order_id,
      idempotencyKey: `refund-${refund.id}`,
      amountCents: refund.amount_cents,
      sessionId: refund.session_id,
      paymentIntentId: refund.payment_intent_id,
      reason: refund.reason,
    });
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('refunds')
        .set({ status: 'succeeded', provider_refund_id: given.id, refunded_at: deps.clock(), claimed_until: null, last_error: null })
        .where('id', '=', refund.id)
        .where('status', '=', 'pending')
        .execute();
      // Refunded once no other refund of the order is still owed (days cancelled one by one).
      await trx
        .updateTable('orders')
        .set({ status: 'refunded' })
        .where('id', '=', refund.order_id)
        .where('status', '=', 'refund_pending')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('refunds').select('id').where('order_id', '=', refund.order_id).where('status', '=', 'pending'))))
        .execute();
    });
    logEvent('info', 'refund.succeeded', { refund: refund.id, order: refund.order_id, amountCents: refund.amount_cents });
    return 'succeeded';
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 500) : 'the provider refused the refund';
    // Only while this worker still holds its claim: never over a refund another one has settled.
    await deps.db
      .updateTable('refunds')
      .set({ last_error: reason, claimed_until: null, next_attempt_at: new Date(deps.clock().getTime() + retryDelayMs(refund.attempts)) })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .where('claimed_until', '=', claimedUntil)
      .execute();
    logError('refund.failed', err, { refund: refund.id, order: refund.order_id, attempt: refund.attempts });
    return 'failed';
  }
}

/** Every refund whose time has come: run by each instance now and then, and after a late payment. */
export async function settleDueRefunds(deps: RefundDeps, limit = 20, stopping: () => boolean = () => false): Promise<number> {
  const due = await deps.db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', deps.clock())
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', deps.clock())]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const { id } of due) {
    // A stopping instance asks for no other: the next round, here or elsewhere, does.
    if (stopping()) break;
    if ((await settleRefund(deps, id)) === 'succeeded') settled++;
  }
  return settled;
}

/** Refunds decided, still to be asked of the provider (pending) and given back (succeeded), of every instance: GET /metrics. */
export async function refundCounts(db: Db): Promise<{ pending: number; succeeded: number }> {
  const row = await db
    .selectFrom('refunds')
    .select([sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'), sql<number>`count(*) filter (where status = 'succeeded')::int`.as('succeeded')])
    .executeTakeFirstOrThrow();
  return row;
}
