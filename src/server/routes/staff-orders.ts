import { Hono } from 'hono';
import * as z from 'zod';
import { orderFilters, staffCancelInput } from '../../shared/contract/staff-console.ts';
import { orderStatuses } from '../../shared/contract/staff-orders.ts';
import { cancelBooking } from '../bookings/manage.ts';
import type { AppContext } from '../deps.ts';
import { receiptPdfForOrder } from '../documents/receipts.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { requireIdempotencyKey } from '../http/idempotency-key.ts';
import { fieldProblemsOf, jsonBody } from '../http/json-body.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { pdfAnswer } from '../http/pdf-answer.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit } from '../http/cursor.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { listOrders, orderDetail, orderExists } from '../bookings/staff-orders.ts';

const listQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  limit: pageLimit,
  cursor: cursorSchema(instantPosition).optional(),
});

/** GET /admin-api/orders/:id?lang=en|fr: the language of the lines' descriptions (the receipt's words in it). */
const detailQuery = z.object({ lang: z.enum(['en', 'fr'], 'lang').default('en') });

/** Staff read the orders (filtered by status, product and first day), one order in full, its receipt, and cancel its days. */
export function staffOrderRoutes(ctx: AppContext) {
  return new Hono<StaffEnv & { Variables: { idempotencyKey: string } }>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
        return problemAnswer(c, badCursor ? problem('invalid_cursor') : problem('invalid_order_list', { statuses: orderStatuses }));
      }
      const { product, from, to } = c.req.query();
      const filters = orderFilters.safeParse({ product, from, to });
      if (!filters.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(filters.error.issues)));
      const { cursor, ...options } = query.data;
      const { orders, next } = await listOrders(ctx.db, { ...options, ...filters.data, after: cursor });
      return c.json({ success: true as const, data: { orders, next_cursor: next ? encodeCursor(next) : null } });
    })
    .get('/:id', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_an_order_id'));
      const query = detailQuery.safeParse({ lang: c.req.query('lang') });
      if (!query.success) return problemAnswer(c, fieldsProblem('invalid_request', fieldProblemsOf(query.error.issues)));
      const detail = await orderDetail(ctx.db, id, query.data.lang);
      if (!detail) return problemAnswer(c, problem('no_order', { id }));
      return c.json({ success: true as const, ...detail });
    })
    .get('/:id/receipt.pdf', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_an_order_id'));
      const receipt = await receiptPdfForOrder(ctx.db, id);
      if (receipt) return pdfAnswer(c, receipt);
      if (!(await orderExists(ctx.db, id))) return problemAnswer(c, problem('no_order', { id }));
      return problemAnswer(c, problem('order_has_no_receipt'));
    })
    .post('/:id/cancel', requireIdempotencyKey, jsonBody(staffCancelInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return problemAnswer(c, problem('not_an_order_id'));
      if (!(await orderExists(ctx.db, id))) return problemAnswer(c, problem('no_order', { id }));
      const now = ctx.clock();
      const actor = actorOf(c);
      const result = await cancelBooking(ctx, id, c.var.body.dates, c.var.idempotencyKey, (trx, cancelled) =>
        recordAudit(
          trx,
          actor,
          {
            action: 'days_cancelled',
            subjectType: 'order',
            subjectId: id,
            details: { dates: cancelled.dates, refund_id: cancelled.refundId, credit_note_number: cancelled.creditNote, amount_cents: cancelled.amountCents },
          },
          now,
        ),
      );
      if (result.kind === 'ok') return c.json({ success: true as const, booking: result.booking });
      return problemAnswer(c, result.problem, { reason: result.reason });
    });
}
