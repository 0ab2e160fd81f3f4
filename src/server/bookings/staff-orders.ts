import { sql } from 'kysely';
import type * as z from 'zod/mini';
import type { OrderStatus } from '../../shared/contract/orders.ts';
import type { orderFilters, StaffOrderDetail } from '../../shared/contract/staff-console.ts';
import type { StaffOrder } from '../../shared/contract/staff-orders.ts';
import type { Db } from '../db/database.ts';
import { utcInstantText, positionText } from '../db/instant-text.ts';
import { pageOf, type InstantPosition } from '../db/pages.ts';
import { quoteLineNames } from '../documents/line-names.ts';
import { storedQuote } from '../documents/stored-amounts.ts';
import { auditOf } from '../staff/audit.ts';
import { dollarsFromCents } from '../../shared/domain/pricing.ts';

/* The orders as staff read them: a page of the list, with each order's days, and one order in full. */

type ListOptions = { limit: number; status?: OrderStatus | undefined; after?: InstantPosition | undefined } & z.infer<typeof orderFilters>;

const utcText = (column: string) => utcInstantText(column, 's');

function orderRows(db: Db) {
  return db
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
async function withDays(db: Db, page: readonly OrderRow[]): Promise<StaffOrder[]> {
  if (page.length === 0) return [];
  const days = await db
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
    total: dollarsFromCents(Number(total_cents)),
    refunded: dollarsFromCents(Number(refunded_cents)),
    days: byOrder.get(o.id) ?? [],
    cancelled_days: cancelledByOrder.get(o.id) ?? [],
  }));
}

/** One page of orders, newest first, and the cursor of the next page (null on the last). */
export async function listOrders(db: Db, options: ListOptions): Promise<{ orders: StaffOrder[]; next: InstantPosition | null }> {
  let query = orderRows(db)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(options.limit + 1);
  if (options.status) query = query.where('r.status', '=', options.status);
  if (options.product) query = query.where('r.product', '=', options.product);
  if (options.from) query = query.where(sql<boolean>`r.booking_date >= ${options.from}::date`);
  if (options.to) query = query.where(sql<boolean>`r.booking_date <= ${options.to}::date`);
  if (options.after) query = query.where(sql<boolean>`(r.created_at, r.id) < (${options.after.at}::timestamptz, ${options.after.id})`);
  const rows = await query.execute();
  const page = pageOf(rows, options.limit, (last) => ({ at: last.position, id: last.id }));
  return { orders: await withDays(db, page.rows), next: page.next };
}

/** One order in full: its lines and taxes as its quote charged them, its refunds and its audit trail. */
export async function orderDetail(db: Db, id: string, lang: 'en' | 'fr'): Promise<Omit<StaffOrderDetail, 'success'> | undefined> {
  const row = await orderRows(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [order] = await withDays(db, [row]);
  const stored = await db
    .selectFrom('orders')
    .select(['buyer_name', 'buyer_email', 'receipt_number', 'provider', 'payment_intent_id', 'quote'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { quote: storedJson, ...payment } = stored;
  const quote = storedQuote(storedJson);
  const refunds = await db
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
    audit: await auditOf(db, 'order', id),
  };
}

export async function orderExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

