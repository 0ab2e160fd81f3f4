import type { DayStatus } from '../../../shared/domain/booking-windows.ts';
import type { BookingCatalogue } from './catalogue.ts';

/** The words a calendar announces for a day that cannot be chosen. */
export function dayReason(status: DayStatus, m: BookingCatalogue): string | null {
  switch (status) {
    case 'available':
      return null;
    case 'past':
      return m.dayPast;
    case 'beyond_window':
      return m.dayBeyondWindow;
    case 'weekend':
      return m.weekendsNotAvailable;
    case 'booked':
      return m.dateBooked;
    case 'same_day_closed':
      return m.sameDayClosed;
  }
}
