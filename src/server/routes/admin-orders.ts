import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { orderStatuses, type StaffOrder } from '../../shared/contract/staff-orders.ts';
import type { AppDeps } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';
import { cursorSchema, encodeCursor, instantPosition, pageLimit, positionText } from './admin-cursor.ts';

const listQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  limit: pageLimit,
  cursor: cursorSchema(instantPosition).optional(),
});

const utcText = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** One page of orders, newest first, and the cursor of the next page (null on the last). */
export async function listOrders(deps: Pick<AppDeps, 'db'>, options: z.infer<typeof listQuery>): Promise<{ orders: StaffOrder[]; next_cursor: string | null }> {
  let query = deps.db
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
      sql<string | null>`case when r.paid_at is null then null else ${utcText('r.paid_at')} end`.as('paid_at'),
      sql<string | null>`(select f.last_error from refunds f where f.order_id = r.id and f.status = 'pending' order by f.created_at desc limit 1)`.as('refund_error'),
      sql<number>`(select coalesce(sum(f.amount_cents), 0)::int from refunds f where f.order_id = r.id)`.as('refunded_cents'),
      sql<string | null>`r.rental_ends_on::text`.as('rental_ends_on'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(options.limit + 1);
  if (options.status) query = query.where('r.status', '=', options.status);
  if (options.cursor) query = query.where(sql<boolean>`(r.created_at, r.id) < (${options.cursor.at}::timestamptz, ${options.cursor.id})`);
  const rows = await query.execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const next_cursor = rows.length > options.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null;
  if (page.length === 0) return { orders: [], next_cursor };
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
    const into = status === 'cancelled' ? cancelledByOrder : byOrder;
    into.set(order_id, [...(into.get(order_id) ?? []), day]);
  }
  return {
    orders: page.map(({ total_cents, refunded_cents, position: _position, ...o }) => ({
      ...o,
      total: Number(total_cents) / 100,
      refunded: Number(refunded_cents) / 100,
      days: byOrder.get(o.id) ?? [],
      cancelled_days: cancelledByOrder.get(o.id) ?? [],
    })),
    next_cursor,
  };
}

/** Staff read the orders, newest first, optionally of one status (the bearer check guards all of /admin-api). */
export function adminOrderRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) {
      const badCursor = query.error.issues.some((i) => i.path[0] === 'cursor');
      return jsonError(c, 400, badCursor ? 'cursor is not one this server gave' : `status must be one of ${orderStatuses.join(', ')}; limit a whole number from 1 to 1000`);
    }
    const data = await listOrders(deps, query.data);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, data });
  });
}
