import { site } from '../../../shared/site.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: site.timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the space's clock is ahead of UTC at an instant, in ms (negative in Montréal). */
function spaceOffsetMs(instant: number): number {
  const p = Object.fromEntries(offsetFormat.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - instant;
}

/** The instant of a wall-clock hour on a date at the space, whatever its daylight-saving state. */
export function spaceInstant(date: IsoDate, hour: number): Date {
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour);
  let instant = wall - spaceOffsetMs(wall);
  // A second pass settles the hour next to a daylight-saving change.
  instant = wall - spaceOffsetMs(instant);
  return new Date(instant);
}

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

/** An .ics file with one event per booked date, times in UTC so every calendar app agrees. */
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
