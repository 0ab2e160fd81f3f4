import type { IsoDate } from '../../../shared/domain/time.ts';
import { spaceInstant } from '../../../shared/domain/zoned-time.ts';
import { site } from '../../../shared/site.ts';

function icsTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 5545 text: backslash, semicolon and comma escaped, newlines as \n. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

export interface CalendarEvent {
  uid: string;
  date: IsoDate;
  opens: number;
  closes: number;
  summary: string;
  description: string;
  /** The moment the file is made (DTSTAMP). */
  stamp: Date;
}

/**
 * An .ics file with one event per booked date, times in UTC so every calendar app agrees (the
 * hours at the space turned into instants with the time-zone database: zoned-time.ts).
 */
export function calendarFile(events: readonly CalendarEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${icsText(site.productName)}//Booking//EN`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icsTime(e.stamp)}`,
      `DTSTART:${icsTime(spaceInstant(e.date, e.opens))}`,
      `DTEND:${icsTime(spaceInstant(e.date, e.closes))}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      `LOCATION:${icsText(site.address)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
