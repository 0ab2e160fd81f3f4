import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingEventUid, calendarFile, foldLine, icsText, type CalendarEvent } from '../../src/shared/domain/calendar-file.ts';
import { site } from '../../src/shared/site.ts';

/** An instant as the wall clock reads in Montréal: '2026-11-24 07:00'. */
function montreal(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

function parsed(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'cs_test_1-0@espacecowork.ca',
  date: '2026-11-24',
  opens: 7,
  closes: 19,
  summary: 'Conference room: Salle Mont-Royal',
  description: 'Bring your own adapter.',
  stamp: new Date('2026-11-18T14:30:00.000Z'),
  ...overrides,
});

describe('the .ics file, read back by a real parser (ical.js)', () => {
  it('holds each booked day at the space’s hours, with its summary and the space’s address', () => {
    const events = parsed(
      calendarFile([
        event(),
        event({ uid: 'cs_test_1-1@espacecowork.ca', date: '2026-07-15', opens: 8, closes: 18, summary: 'Day pass' }),
      ]),
    );
    expect(events).toHaveLength(2);
    const [winter, summer] = events as [ICAL.Event, ICAL.Event];

    expect(winter.uid).toBe('cs_test_1-0@espacecowork.ca');
    expect(montreal(winter.startDate.toJSDate())).toBe('2026-11-24 07:00');
    expect(montreal(winter.endDate.toJSDate())).toBe('2026-11-24 19:00');
    expect(winter.startDate.toJSDate().toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(winter.summary).toBe('Conference room: Salle Mont-Royal');
    expect(winter.location).toBe(site.address);
    expect(winter.description).toBe('Bring your own adapter.');

    // Summer time: UTC-4, and still 8 AM to 6 PM in Montréal.
    expect(montreal(summer.startDate.toJSDate())).toBe('2026-07-15 08:00');
    expect(montreal(summer.endDate.toJSDate())).toBe('2026-07-15 18:00');
    expect(summer.startDate.toJSDate().toISOString()).toBe('2026-07-15T12:00:00.000Z');
    expect(summer.summary).toBe('Day pass');
  });

  it('keeps the day’s hours across the nights the clocks change', () => {
    const [spring, autumn] = parsed(calendarFile([event({ date: '2026-03-08' }), event({ uid: 'b', date: '2026-11-01' })])) as [ICAL.Event, ICAL.Event];
    expect(montreal(spring.startDate.toJSDate())).toBe('2026-03-08 07:00');
    expect(montreal(spring.endDate.toJSDate())).toBe('2026-03-08 19:00');
    expect(montreal(autumn.startDate.toJSDate())).toBe('2026-11-01 07:00');
    expect(montreal(autumn.endDate.toJSDate())).toBe('2026-11-01 19:00');
  });

  it('has a DTSTAMP, in UTC', () => {
    const text = calendarFile([event()]);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    const stamp = vevent?.getFirstPropertyValue('dtstamp');
    expect(stamp).toBeInstanceOf(ICAL.Time);
    expect((stamp as ICAL.Time).toJSDate().toISOString()).toBe('2026-11-18T14:30:00.000Z');
    expect(text.split('\r\n')).toContain('DTSTAMP:20261118T143000Z');
  });

  it('gives back texts with commas, semicolons, backslashes, newlines and accents exactly', () => {
    const summary = 'Salle A, étage 3; apportez vos diapos \\ merci';
    const description = 'Ligne un\nLigne deux\r\nLigne trois, « fin » 🎉';
    const [e] = parsed(calendarFile([event({ summary, description, location: 'Montréal, QC; porte 2' })])) as [ICAL.Event];
    expect(e.summary).toBe(summary);
    expect(e.description).toBe('Ligne un\nLigne deux\nLigne trois, « fin » 🎉');
    expect(e.location).toBe('Montréal, QC; porte 2');
  });

  it('folds long lines at 75 octets without splitting a character, and the parser unfolds them', () => {
    const description = `${'Réservation de la salle de conférence — '.repeat(8)}😀 fin`;
    const text = calendarFile([event({ description })]);
    const physical = text.split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    // No replacement character: every continuation starts on a character boundary.
    expect(text).not.toContain('\uFFFD');
    const [e] = parsed(text) as [ICAL.Event];
    expect(e.description).toBe(description);
  });

  it('ends every line with CRLF and has no bare LF or CR', () => {
    const text = calendarFile([event({ description: 'a\nb\rc' })]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('is an empty but valid calendar with no events', () => {
    expect(parsed(calendarFile([]))).toHaveLength(0);
  });
});

describe('folding and escaping', () => {
  it('leaves a line of 75 octets alone and folds the 76th', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
  });

  it('moves a two-octet character that would straddle the limit to the next line', () => {
    expect(foldLine(`${'x'.repeat(74)}é`)).toBe(`${'x'.repeat(74)}\r\n é`);
  });

  it('escapes TEXT as RFC 5545 §3.3.11 says', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('the UID of a booked day', () => {
  it('is the receipt and the day at the site’s host: the e-mail’s file and the manage page’s describe one event', () => {
    expect(bookingEventUid('2026-000012', '2026-11-24')).toBe('2026-000012-2026-11-24@espacecowork.ca');
    expect(new Set(['2026-11-24', '2026-11-25'].map((d) => bookingEventUid('2026-000012', d))).size).toBe(2);
  });
});
