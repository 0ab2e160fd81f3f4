import { Hono } from 'hono';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import type { AppContext } from '../deps.ts';
import { orderIdBySession, receiptPdfForOrder } from '../documents/receipts.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { orderForSuccessPage } from '../bookings/success-page.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';

/** An order by its checkout session (the session id, ≥ 128 bits, is what grants it): the success page's view and the receipt. */
export function orderRoutes(ctx: AppContext) {
  return new Hono()
    .get('/:sessionId', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!sessionIdPattern.test(sessionId)) return problemAnswer(c, problem('not_a_session_id'));
      const order = await orderForSuccessPage(ctx, sessionId);
      if (!order) return problemAnswer(c, problem('no_order_for_session'));
      c.header('Cache-Control', 'no-store');
      return c.json(order);
    })
    .get('/:sessionId/receipt.pdf', async (c) => {
      const sessionId = c.req.param('sessionId');
      if (!sessionIdPattern.test(sessionId)) return problemAnswer(c, problem('not_a_session_id'));
      const orderId = await orderIdBySession(ctx.db, sessionId);
      if (!orderId) return problemAnswer(c, problem('no_order_for_session'));
      const receipt = await receiptPdfForOrder(ctx.db, orderId);
      if (!receipt) return problemAnswer(c, problem('receipt_not_ready'));
      return pdfAnswer(c, receipt);
    });
}
