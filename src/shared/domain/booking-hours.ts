/**
 * SPEC.md §5: the hours a booked day gives at the space. Apart from the booking windows
 * (booking-windows.ts), which need the time-zone rules: a page that only shows a booking's
 * hours loads none of them.
 */
export const conferenceHours = { opens: 7, closes: 19 } as const;
export const dayPassHours = { opens: 8, closes: 18 } as const;

export type BookingProduct = 'office_daily' | 'conference_room' | 'day_pass';

/** The hours a booked day gives at the space: a room its full day, a pass or an office day the building's day. */
export const bookingHours: Record<BookingProduct, { opens: number; closes: number }> = {
  office_daily: dayPassHours,
  conference_room: conferenceHours,
  day_pass: dayPassHours,
};
