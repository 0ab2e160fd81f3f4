import { canShowNextMonth, canShowPreviousMonth, dayStatus, type BookingWindow } from '../../../shared/domain/booking-windows.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { Calendar, type CalendarProps } from '../../ui/calendar.tsx';
import { bookingCatalogue } from './catalogue.ts';
import { dayReason } from './day-reasons.ts';

export const noDates: ReadonlySet<IsoDate> = new Set();

/**
 * The calendar of a product's booking window: it shows only the months the window spans, and a
 * day outside the window, or among `booked`, cannot be chosen and says why.
 */
export function WindowCalendar({
  window: bookable,
  booked = noDates,
  ...calendar
}: Omit<CalendarProps, 'canShowPrevious' | 'canShowNext' | 'disabledReason'> & { window: BookingWindow; booked?: ReadonlySet<IsoDate> }) {
  const m = useCatalogue(bookingCatalogue);
  return (
    <Calendar
      {...calendar}
      canShowPrevious={canShowPreviousMonth(bookable, calendar.month)}
      canShowNext={canShowNextMonth(bookable, calendar.month)}
      disabledReason={(d) => dayReason(dayStatus(bookable, d, booked), m)}
    />
  );
}
