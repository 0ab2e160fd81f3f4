import { site } from '../site.ts';
import type { IsoDate } from './time.ts';
import { spaceInstant } from './zoned-time.ts';

/*
 * The .ics calendar file (RFC 5545) of a booking: built here once, pure text, for the success
 * and manage pages' download (web, ui/calendar-download.ts) and the confirmation e-mail's
 * attachment (server).
 */

export interface CalendarEvent {
  /** Unique and stable for the booked day (bookingEventUid), so a re-import updates rather than duplicates. */
  uid: string;
  date: IsoDate;
  /** The hours at the space the booking holds, 0-23 (19 = 7 PM). */
  opens: number;
  closes: number;
  summary: string;
  description: string;
  /** The moment the file is made (DTSTAMP). */
  stamp: Date;
  /** Where; the space's address when left out. */
  location?: string;
}

/**
 * The UID of a booked day's event: the receipt's number and the day, at the site's host. The
 * confirmation e-mail's file and the manage page's give the same, so importing both (or one
 * again) updates one event instead of adding another.
 */
export function bookingEventUid(receiptNumber: string, date: IsoDate): string {
  return `${receiptNumber}-${date}@${new URL(site.mainSiteUrl).hostname}`;
}

/** The media type of the file, for a download or an e-mail attachment. */
export const calendarMediaType = 'text/calendar;charset=utf-8';

/** An instant as an RFC 5545 UTC DATE-TIME: 20261124T120000Z. */
export function icsTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** RFC 5545 TEXT (§3.3.11): backslash, semicolon and comma escaped, every newline as \n. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * A content line folded as RFC 5545 §3.1 asks: no physical line longer than 75 octets of UTF-8,
 * each continuation starting with one space, never splitting a character's octets.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    // The first physical line holds 75 octets; a continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * An .ics file with one event per booked date, times in UTC so every calendar app agrees (the
 * hours at the space turned into instants with the time-zone database: zoned-time.ts). Lines end
 * in CRLF and are folded at 75 octets; TEXT values are escaped.
 */
export function calendarFile(events: readonly CalendarEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${icsText(site.productName)}//Booking//EN`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsText(e.uid)}`,
      `DTSTAMP:${icsTime(e.stamp)}`,
      `DTSTART:${icsTime(spaceInstant(e.date, e.opens))}`,
      `DTEND:${icsTime(spaceInstant(e.date, e.closes))}`,
      `SUMMARY:${icsText(e.summary)}`,
      `DESCRIPTION:${icsText(e.description)}`,
      `LOCATION:${icsText(e.location ?? site.address)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
