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

/**
 * A booked day with its weekday, as a ticket reads it: 'Tuesday, November 24, 2026' /
 * 'mardi 24 novembre 2026'. A date has no time zone: it is written as that day in UTC.
 */
export function ticketDate(date: string, locale: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const text = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  // French writes the first of a month as an ordinal: 'mardi 1er décembre 2026'.
  return locale.startsWith('fr') ? text.replace(/(^|\s)1(\s)/, '$11er$2') : text;
}
