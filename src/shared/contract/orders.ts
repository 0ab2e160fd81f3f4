import * as z from 'zod/mini';
import { isoDateString } from './common.ts';

/*
 * What a visitor's order is once the checkout has begun: the details the success page shows,
 * its status and its receipt. Apart from checkout.ts (the checkout's request and its pricing),
 * so the success page builds only these schemas.
 */

/**
 * SPEC.md §3 checkoutDetails, saved under that key before the redirect. rentalType: daily,
 * monthly, anything else means a 12-month lease. Amounts in dollars.
 */
export const checkoutDetails = z.object({
  officeName: z.string(),
  serviceType: z.string(),
  rentalType: z.string(),
  monthlyRate: z.number(),
  dailyRate: z.number(),
  setupFee: z.number(),
  keyFee: z.number(),
  lastMonth: z.number(),
  proratedFirstMonth: z.number(),
  /** What the card was charged, taxes included. */
  totalAmount: z.number(),
  totalDays: z.number(),
  bookingDate: isoDateString,
  /** Additions: the amount before tax and each tax (absent in details saved before taxes were charged). */
  subtotal: z.optional(z.number()),
  gst: z.optional(z.number()),
  qst: z.optional(z.number()),
});
export type CheckoutDetails = z.infer<typeof checkoutDetails>;

/** Where the receipt of a paid order downloads, by its checkout session. */
export function receiptPath(sessionId: string): string {
  return `/public-api/orders/${encodeURIComponent(sessionId)}/receipt.pdf`;
}

export const orderStatuses = ['pending', 'paid', 'cancelled', 'expired', 'failed', 'refund_pending', 'refunded'] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * Why an order was refunded in full: the payment arrived after its hold lapsed and the days (or
 * unit) were sold, or its customer cancelled every day of it (the manage link).
 */
export const refundReasons = ['paid_after_taken', 'cancelled'] as const;

/**
 * GET /public-api/orders/{session id}: what the success page shows when this browser has no
 * checkoutDetails (an iOS home-screen app returns in Safari).
 */
export const orderResponse = z.object({
  success: z.literal(true),
  status: orderStatus,
  checkoutDetails,
  bookingDates: z.array(isoDateString),
  refundReason: z.optional(z.enum(refundReasons)),
  /** Once paid: the receipt's number; its PDF is at receiptPath(session id). */
  receiptNumber: z.optional(z.string()),
  /** Once paid: the token of the order's private manage link (managePath). The session id, itself a secret, grants it. */
  manageToken: z.optional(z.string()),
});
export type OrderResponse = z.infer<typeof orderResponse>;
