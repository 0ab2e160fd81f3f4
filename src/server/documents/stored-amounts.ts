import { refundAmounts } from '../../shared/contract/bookings.ts';
import type { RefundAmounts } from '../../shared/domain/cancellation.ts';
import type { Quote } from '../../shared/domain/pricing.ts';

/** An order's quote as placeOrder wrote it from the server's own Quote (jsonb comes back parsed, or a string on some drivers). */
export function storedQuote(value: unknown): Quote {
  const q = (typeof value === 'string' ? JSON.parse(value) : value) as Quote;
  // Orders placed before taxes were charged have no subtotal: their total was before tax, with no tax.
  return q.subtotal === undefined ? { ...q, subtotal: q.total, gst: 0, qst: 0 } : q;
}

/** The whole of what an order's quote charged, as a refund's amounts. */
export function paidAmounts(quote: Quote): RefundAmounts {
  return { lines: quote.lines, subtotal: quote.subtotal, gst: quote.gst, qst: quote.qst, total: quote.total };
}

/**
 * What a refund row gives back: its stored amounts (read back through their schema: stored data
 * outlives versions), or, for a late payment's refund, which has none, the whole order.
 */
export function storedRefundAmounts(value: unknown, quote: Quote): RefundAmounts {
  if (value === null || value === undefined) return paidAmounts(quote);
  const parsed = refundAmounts.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  if (!parsed.success) throw new Error('a refund’s stored amounts are unreadable');
  return parsed.data;
}
