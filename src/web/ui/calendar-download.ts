import type { CalendarEvent } from '../../shared/domain/calendar-file.ts';

/** A booked day's event; its UID is made from the booking's reference (bookingEventUid). */
export type BookedDayEvent = Omit<CalendarEvent, 'uid'>;

/**
 * Saves a booking's .ics file (built in src/shared/domain/calendar-file.ts) through the
 * browser's download. The file's builder is fetched on the tap, not with the page: it brings
 * the time-zone rules, which showing a booking does not need.
 */
export async function downloadCalendarFile(reference: string, events: readonly BookedDayEvent[], filename: string): Promise<void> {
  const { bookingEventUid, calendarFile, calendarMediaType } = await import('../../shared/domain/calendar-file.ts');
  const file = calendarFile(events.map((event) => ({ ...event, uid: bookingEventUid(reference, event.date) })));
  const url = URL.createObjectURL(new Blob([file], { type: calendarMediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
