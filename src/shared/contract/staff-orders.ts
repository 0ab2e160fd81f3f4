import * as z from 'zod/mini';
import { orderStatuses, refundReasons } from './orders.ts';

export { orderStatuses };

/** An order as staff see it (GET /admin-api/orders): what was bought, for which days, and its state. */
export const staffOrder = z.object({
  id: z.string(),
  session_id: z.nullable(z.string()),
  status: z.enum(orderStatuses),
  product: z.string(),
  rental_type: z.string(),
  office_id: z.string(),
  office_name: z.string(),
  service_type: z.string(),
  /** In CAD dollars. */
  total: z.number(),
  locale: z.enum(['en', 'fr']),
  /** The first day bought, or the start of a rental (YYYY-MM-DD). */
  start_date: z.string(),
  /** Each day of a day-based order still held or booked, in order; empty for a rental. */
  days: z.array(z.string()),
  created_at: z.string(),
  paid_at: z.nullable(z.string()),
  /** Why it was refunded, for refund_pending and refunded orders. */
  refund_reason: z.nullable(z.enum(refundReasons)),
  /** The provider's last refusal of its refund, while one is pending. */
  refund_error: z.nullable(z.string()),
  /** In CAD dollars: what its refunds give back (pending or done); 0 when none. */
  refunded: z.number(),
  /** The days its customer cancelled (the manage link), in order. */
  cancelled_days: z.array(z.string()),
  /** A rental given notice: its last day. */
  rental_ends_on: z.nullable(z.string()),
});
export type StaffOrder = z.infer<typeof staffOrder>;

export const staffOrdersResponse = z.object({
  success: z.literal(true),
  /** next_cursor: pass it as ?cursor= for the next page; null on the last one. */
  data: z.object({ orders: z.array(staffOrder), next_cursor: z.nullable(z.string()) }),
});
