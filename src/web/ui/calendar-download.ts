import { calendarFile, calendarMediaType, type CalendarEvent } from '../../shared/domain/calendar-file.ts';

/** Saves a booking's .ics file (built in src/shared/domain/calendar-file.ts) through the browser's download. */
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
