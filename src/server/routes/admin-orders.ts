import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { orderStatuses, type StaffOrder } from '../../shared/contract/staff-orders.ts';
import type { AppDeps } from '../app.ts';
import { jsonError } from '../middleware/errors.ts';

const listQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

const utcText = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export async function listOrders(deps: Pick<AppDeps, 'db'>, options: z.infer<typeof listQuery>): Promise<StaffOrder[]> {
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
      sql<string>`r.booking_date::text`.as('start_date'),
      utcText('r.created_at').as('created_at'),
      sql<string | null>`case when r.paid_at is null then null else ${utcText('r.paid_at')} end`.as('paid_at'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(options.limit);
  if (options.status) query = query.where('r.status', '=', options.status);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const days = await deps.db
    .selectFrom('reservations')
    .select(['order_id', sql<string>`start_date::text`.as('day')])
    .where('kind', '=', 'day')
    .where('status', 'in', ['held', 'booked'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('start_date')
    .execute();
  const byOrder = new Map<string, string[]>();
  for (const { order_id, day } of days) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), day]);
  return orders.map(({ total_cents, ...o }) => ({ ...o, total: Number(total_cents) / 100, days: byOrder.get(o.id) ?? [] }));
}

/** Staff read the orders, newest first, optionally of one status (the bearer check guards all of /admin-api). */
export function adminOrderRoutes(deps: AppDeps) {
  return new Hono().get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) return jsonError(c, 400, `status must be one of ${orderStatuses.join(', ')}; limit a whole number from 1 to 1000`);
    const orders = await listOrders(deps, query.data);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, data: { orders } });
  });
}
