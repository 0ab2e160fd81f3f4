import type { BookingView } from '../../../shared/contract/bookings.ts';
import { refundForDays, type RefundAmounts } from '../../../shared/domain/cancellation.ts';

/** The days that can still be cancelled for a refund, on this device's clock (the server checks again). */
export function cancellableDays(booking: BookingView, now: number): string[] {
  return booking.days.filter((d) => d.status === 'booked' && now < Date.parse(d.cancellableUntil)).map((d) => d.date);
}

/** What cancelling these days refunds: the shared rule the server applies too. */
export function refundOf(booking: BookingView, dates: readonly string[]): RefundAmounts {
  return refundForDays(booking.paid, booking.refunds.map((r) => r.amounts), dates);
}
