import { Hono } from 'hono';
import { sessionIdPattern } from '../../shared/contract/common.ts';
import { orderForSuccessPage } from '../bookings/checkout.ts';
import type { AppContext } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';

/** An order by its checkout session: what the success page shows when this browser has no checkoutDetails. */
export function orderRoutes(ctx: AppContext) {
  return new Hono().get('/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    if (!sessionIdPattern.test(sessionId)) return jsonError(c, 400, 'Not a checkout session id');
    const order = await orderForSuccessPage(ctx, sessionId);
    if (!order) return jsonError(c, 404, 'No order for this checkout session');
    c.header('Cache-Control', 'no-store');
    return c.json(order);
  });
}
