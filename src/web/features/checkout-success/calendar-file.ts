import { calendarFile, calendarMediaType, type CalendarEvent } from '../../../shared/domain/calendar-file.ts';

/*
 * The .ics file itself is built in src/shared/domain/calendar-file.ts (the server attaches the
 * same file to the confirmation e-mail); this module keeps only what needs the browser.
 */
export { calendarFile, type CalendarEvent };

/** Saves the booking's .ics file through the browser's download (a Blob behind a temporary link). */
export function downloadCalendarFile(events: readonly CalendarEvent[], filename: string): void {
  const url = URL.createObjectURL(new Blob([calendarFile(events)], { type: calendarMediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
