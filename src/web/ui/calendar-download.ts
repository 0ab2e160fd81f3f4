import type { CalendarEvent } from '../../shared/domain/calendar-file.ts';

/** A booked day's event; its UID is made from the booking's reference (bookingEventUid). */
export type BookedDayEvent = Omit<CalendarEvent, 'uid'>;

type CalendarBuilder = typeof import('../../shared/domain/calendar-file.ts');
let builder: Promise<CalendarBuilder> | null = null;

/**
 * The file's builder (calendar-file.ts), fetched apart from the page: it brings the time-zone
 * rules, which showing a purchase does not need. A page with an "Add to calendar" button asks for
 * it once idle, so that the tap finds it ready (offline too) and the download starts within the
 * tap's user activation. A failed load is not kept: the next call asks again.
 */
export function loadCalendarBuilder(): Promise<CalendarBuilder> {
  builder ??= import('../../shared/domain/calendar-file.ts').catch((error: unknown) => {
    builder = null;
    throw error;
  });
  return builder;
}

/** Saves a booking's .ics file through the browser's download. */
export async function downloadCalendarFile(reference: string, events: readonly BookedDayEvent[], filename: string): Promise<void> {
  const { bookingEventUid, calendarFile, calendarMediaType } = await loadCalendarBuilder();
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
