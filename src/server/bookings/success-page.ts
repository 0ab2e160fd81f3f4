import { checkoutDetailsOf } from '../../shared/contract/checkout.ts';
import type { OrderResponse } from '../../shared/contract/orders.ts';
import type { AppContext } from '../deps.ts';
import { manageTokenOf } from '../billing/manage-link.ts';
import { findOrderBySession, currentStatus } from './orders.ts';

/** What the success page shows of an order when its browser has no checkoutDetails; undefined for no such session. */
export async function orderForSuccessPage(ctx: AppContext, sessionId: string): Promise<OrderResponse | undefined> {
  const order = await findOrderBySession(ctx.db, sessionId);
  if (!order) return undefined;
  const manageToken = order.receiptNumber ? await manageTokenOf(ctx.db, ctx.config.bankingKeys, order.id) : undefined;
  return {
    success: true,
    // An abandoned test checkout (or a session whose expiry event is late) is over once its time is.
    status: currentStatus(order, ctx.clock()),
    checkoutDetails: checkoutDetailsOf(order.quote, { name: order.unitName, service_type: order.serviceType }, order.bookingDate),
    bookingDates: order.quote.dates,
    ...(order.refundReason ? { refundReason: order.refundReason } : {}),
    ...(order.receiptNumber ? { receiptNumber: order.receiptNumber } : {}),
    ...(manageToken ? { manageToken } : {}),
  };
}

