import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { orderFilters, staffCancelInput, type StaffOrderDetail } from '../../shared/contract/staff-console.ts';
import { orderStatuses, type StaffOrder } from '../../shared/contract/staff-orders.ts';
import { cancelBooking } from '../bookings/manage.ts';
import type { AppContext, AppDeps } from '../deps.ts';
import { receiptPdfForOrder } from '../documents/receipts.ts';
import { jsonError } from '../http/errors.ts';
import { requireIdempotencyKey } from '../http/idempotency-key.ts';
import { issuesText, jsonBody } from '../http/json-body.ts';
import { quoteLineNames } from '../documents/line-names.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { auditOf, recordAudit } from '../staff/audit.ts';
import { pdfAnswer } from './bookings.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit } from '../http/cursor.ts';
import { pathParam, recordUuid } from '../http/path-params.ts';
import { utcInstantText, positionText } from '../db/instant-text.ts';
import { storedQuote } from '../documents/stored-amounts.ts';

const listQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  limit: pageLimit,
  cursor: cursorSchema(instantPosition).optional(),
});

type ListOptions = z.infer<typeof listQuery> & z.infer<typeof orderFilters>;

const utcText = (column: string) => utcInstantText(column, 's');

/** GET /admin-api/orders/:id?lang=en|fr: the language of the lines' descriptions (the receipt's words in it). */
const detailQuery = z.object({ lang: z.enum(['en', 'fr']).default('en') });

function orderRows(deps: Pick<AppDeps, 'db'>) {
  return deps.db
    .selectFrom('orders as r')
    .innerJoin('offices as o', 'o.id', 'r.office_id')
    .select([
      'r.id',
      'r.session_id',
      'r.status',
      'r.product',
      'r.rental_type',
      'o.office_id',
      'r.office_name',
      'r.service_type',
      'r.total_cents',
      'r.locale',
      'r.refund_reason',
      sql<string>`r.booking_date::text`.as('start_date'),
      utcText('r.created_at').as('created_at'),
      positionText('r.created_at').as('position'),
      utcInstantText<string | null>('r.paid_at', 's').as('paid_at'),
      sql<string | null>`(select f.last_error from refunds f where f.order_id = r.id and f.status = 'pending' order by f.created_at desc limit 1)`.as('refund_error'),
      sql<number>`(select coalesce(sum(f.amount_cents), 0)::int from refunds f where f.order_id = r.id)`.as('refunded_cents'),
      sql<string | null>`r.rental_ends_on::text`.as('rental_ends_on'),
    ]);
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number];

/** The orders as staff see them, with each one's days still booked and the days cancelled. */
async function withDays(deps: Pick<AppDeps, 'db'>, page: readonly OrderRow[]): Promise<StaffOrder[]> {
  if (page.length === 0) return [];
  const days = await deps.db
    .selectFrom('reservations')
    .select(['order_id', 'status', sql<string>`start_date::text`.as('day')])
    .where('kind', '=', 'day')
    .where('status', 'in', ['held', 'booked', 'cancelled'])
    .where(
      'order_id',
      'in',
      page.map((o) => o.id),
    )
    .orderBy('start_date')
    .execute();
  const byOrder = new Map<string, string[]>();
  const cancelledByOrder = new Map<string, string[]>();
  for (const { order_id, day, status } of days) {
    // Only an order's reservations are asked for (a unit's hold for a waitlist offer has none).
    if (order_id === null) continue;
    const into = status === 'cancelled' ? cancelledByOrder : byOrder;
    into.set(order_id, [...(into.get(order_id) ?? []), day]);
  }
  return page.map(({ total_cents, refunded_cents, position: _position, ...o }) => ({
    ...o,
    total: Number(total_cents) / 100,
    refunded: Number(refunded_cents) / 100,
    days: byOrder.get(o.id) ?? [],
    cancelled_days: cancelledByOrder.get(o.id) ?? [],
  }));
}

/** One page of orders, newest first, and the cursor of the next page (null on the last). */
export async function listOrders(deps: Pick<AppDeps, 'db'>, options: ListOptions): Promise<{ orders: StaffOrder[]; next_cursor: string | null }> {
  let query = orderRows(deps)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(options.limit + 1);
  if (options.status) query = query.where('r.status', '=', options.status);
  if (options.product) query = query.where('r.product', '=', options.product);
  if (options.from) query = query.where(sql<boolean>`r.booking_date >= ${options.from}::date`);
  if (options.to) query = query.where(sql<boolean>`r.booking_date <= ${options.to}::date`);
  if (options.cursor) query = query.where(sql<boolean>`(r.created_at, r.id) < (${options.cursor.at}::timestamptz, ${options.cursor.id})`);
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const next_cursor = rows.length > options.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null;
  return { orders: await withDays(deps, page), next_cursor };
}

/** One order in full: its lines and taxes as its quote charged them, its refunds and its audit trail. */
async function orderDetail(deps: Pick<AppDeps, 'db'>, id: string, lang: 'en' | 'fr'): Promise<Omit<StaffOrderDetail, 'success'> | undefined> {
  const row = await orderRows(deps).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [order] = await withDays(deps, [row]);
  const stored = await deps.db
    .selectFrom('orders')
    .select(['buyer_name', 'buyer_email', 'receipt_number', 'provider', 'payment_intent_id', 'quote'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { quote: storedJson, ...payment } = stored;
  const quote = storedQuote(storedJson);
  const refunds = await deps.db
    .selectFrom('refunds')
    .select(['id', 'amount_cents', 'reason', 'status', 'credit_note_number', 'provider_refund_id', 'last_error', utcText('created_at').as('created_at')])
    .where('order_id', '=', id)
    .orderBy('refunds.created_at')
    .orderBy('id')
    .execute();
  return {
    order: {
      ...order!,
      ...payment,
      lines: quoteLineNames(quote, row.office_name, lang).map(({ name, line }) => ({ description: name, amount_cents: line.cents })),
      subtotal_cents: quote.subtotal,
      gst_cents: quote.gst,
      qst_cents: quote.qst,
      total_cents: quote.total,
    },
    refunds,
    audit: await auditOf(deps.db, 'order', id),
  };
}

async function orderExists(deps: Pick<AppDeps, 'db'>, id: string): Promise<boolean> {
  return (await deps.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Staff read the orders (filtered by status, product and first day), one order in full, its receipt, and cancel its days. */
export function staffOrderRoutes(ctx: AppContext) {
  return new Hono<StaffEnv & { Variables: { idempotencyKey: string } }>()
    .get('/', async (c) => {
      const query = listQuery.safeParse(c.req.query());
      if (!query.success) {
        const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
        return jsonError(c, 400, badCursor ? 'cursor is not one this server gave' : `status must be one of ${orderStatuses.join(', ')}; limit a whole number from 1 to 1000`);
      }
      const { product, from, to } = c.req.query();
      const filters = orderFilters.safeParse({ product, from, to });
      if (!filters.success) return jsonError(c, 400, issuesText(filters.error.issues));
      const data = await listOrders(ctx, { ...query.data, ...filters.data });
      return c.json({ success: true as const, data });
    })
    .get('/:id', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return jsonError(c, 400, 'Not an order id');
      const query = detailQuery.safeParse({ lang: c.req.query('lang') });
      if (!query.success) return jsonError(c, 400, 'lang: Expected en or fr');
      const detail = await orderDetail(ctx, id, query.data.lang);
      if (!detail) return jsonError(c, 404, `No order ${id}`);
      return c.json({ success: true as const, ...detail });
    })
    .get('/:id/receipt.pdf', async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return jsonError(c, 400, 'Not an order id');
      const receipt = await receiptPdfForOrder(ctx.db, id);
      if (receipt) return pdfAnswer(c, receipt);
      if (!(await orderExists(ctx, id))) return jsonError(c, 404, `No order ${id}`);
      return jsonError(c, 409, 'This order has no receipt: it is not paid.');
    })
    .post('/:id/cancel', requireIdempotencyKey, jsonBody(staffCancelInput), async (c) => {
      const id = pathParam(c, recordUuid);
      if (!id) return jsonError(c, 400, 'Not an order id');
      if (!(await orderExists(ctx, id))) return jsonError(c, 404, `No order ${id}`);
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
      return jsonError(c, result.status, result.error, { reason: result.reason });
    });
}
