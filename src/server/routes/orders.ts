import { Hono } from 'hono';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import { orderForSuccessPage } from '../bookings/checkout.ts';
import type { AppContext } from '../deps.ts';
import { orderIdBySession, receiptPdfForOrder } from '../documents/receipts.ts';
import { jsonError } from '../http/errors.ts';

/** An order by its checkout session (the session id, ≥ 128 bits, is what grants it): the success page's view and the receipt. */
export function orderRoutes(ctx: AppContext) {
  return new Hono()
    .get('/:sessionId', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!sessionIdPattern.test(sessionId)) return jsonError(c, 400, 'Not a checkout session id');
      const order = await orderForSuccessPage(ctx, sessionId);
      if (!order) return jsonError(c, 404, 'No order for this checkout session');
      c.header('Cache-Control', 'no-store');
      return c.json(order);
    })
    .get('/:sessionId/receipt.pdf', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!sessionIdPattern.test(sessionId)) return jsonError(c, 400, 'Not a checkout session id');
      const orderId = await orderIdBySession(ctx.db, sessionId);
      if (!orderId) return jsonError(c, 404, 'No order for this checkout session');
      const receipt = await receiptPdfForOrder(ctx.db, orderId);
      if (!receipt) return jsonError(c, 409, 'This order has no receipt yet: it is not paid. Reload the page in a moment.');
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${receipt.filename}"`);
      return c.body(new Uint8Array(receipt.pdf));
    });
}
