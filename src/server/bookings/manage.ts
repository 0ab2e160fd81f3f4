import type { BookingView } from '../../shared/contract/bookings.ts';
import type { IsoDate } from '../../shared/domain/time.ts';
import type { AppContext } from '../deps.ts';
import { logError } from '../log.ts';
import { bookingViewOf, cancelDays, giveNotice, type AlsoOnCancel, type ManageRefusal } from './cancellations.ts';
import { settleRefund } from './refunds.ts';

/*
 * The manage link's service: the routes (routes/bookings.ts) find the order by its token, and
 * this reads, cancels or gives notice, then does what follows a commit.
 */

/** How long a cancellation waits for the provider's answer before it answers 'refund pending'. */
const refundWaitMs = 8_000;

export type ManageAnswer = { kind: 'ok'; booking: BookingView } | ManageRefusal;

/** The booking as it stands; a paid order always has one. */
async function viewNow(ctx: AppContext, orderId: string): Promise<BookingView> {
  const view = await bookingViewOf(ctx.db, orderId, ctx.clock());
  if (!view) throw new Error(`order ${orderId} has a manage link but no booking to show`);
  return view;
}

export function bookingFor(ctx: AppContext, orderId: string): Promise<BookingView | undefined> {
  return bookingViewOf(ctx.db, orderId, ctx.clock());
}

/**
 * Cancels days, then (the cancellation committed) asks the provider for the refund, outside any
 * transaction. The visitor's answer waits a few seconds for it: the test checkout and Stripe
 * usually answer at once, and the page reads 'refunded'; a slower or refused refund reads
 * 'refund pending', and the instances' refund round goes on asking. Staff's cancellations (the
 * console's calendar) come through here as well, with their audit row as `also`.
 */
export async function cancelBooking(ctx: AppContext, orderId: string, dates: readonly IsoDate[], idempotencyKey: string, also?: AlsoOnCancel): Promise<ManageAnswer> {
  const result = await cancelDays(ctx.db, ctx.config.bankingKeys, orderId, dates, idempotencyKey, ctx.clock(), also);
  if (result.kind === 'refused') return result;
  if (!result.replay) {
    ctx.mailer?.wake();
    ctx.unitList.invalidate();
  }
  const asking = settleRefund(ctx, result.refundId).catch((err: unknown) => {
    logError('refund.after_cancel_failed', err, { refund: result.refundId });
    return 'failed' as const;
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([asking, new Promise((resolve) => (timer = setTimeout(resolve, refundWaitMs)))]);
  clearTimeout(timer);
  return { kind: 'ok', booking: await viewNow(ctx, orderId) };
}

/** Gives notice on a rental; the list shows the unit's new date at once. */
export async function giveRentalNotice(ctx: AppContext, orderId: string, idempotencyKey: string): Promise<ManageAnswer> {
  const result = await giveNotice(ctx.db, ctx.config.bankingKeys, orderId, idempotencyKey, ctx.clock());
  if (result.kind === 'refused') return result;
  if (!result.replay) {
    ctx.mailer?.wake();
    if (result.freesUnit) ctx.unitList.invalidate();
  }
  return { kind: 'ok', booking: await viewNow(ctx, orderId) };
}
