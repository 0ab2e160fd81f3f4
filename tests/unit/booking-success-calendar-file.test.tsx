import { describe, expect, it } from 'vitest';
import { spaceInstant } from '../../src/shared/domain/zoned-time.ts';
import { calendarFile } from '../../src/shared/domain/calendar-file.ts';

describe('an hour on a date at the space, as an instant', () => {
  it.each([
    ['2026-07-15', 7, '2026-07-15T11:00:00.000Z'], // summer time, UTC-4
    ['2026-01-15', 7, '2026-01-15T12:00:00.000Z'], // standard time, UTC-5
    ['2026-03-08', 7, '2026-03-08T11:00:00.000Z'], // the morning clocks go forward (2 AM)
    ['2026-03-07', 19, '2026-03-08T00:00:00.000Z'], // the evening before they do
    ['2026-11-01', 7, '2026-11-01T12:00:00.000Z'], // the morning clocks go back (2 AM)
    ['2026-10-31', 19, '2026-10-31T23:00:00.000Z'], // the evening before they do
    ['2026-12-31', 19, '2027-01-01T00:00:00.000Z'], // the year ends in UTC first
  ])('%s at %i h is %s', (date, hour, iso) => {
    expect(spaceInstant(date, hour).toISOString()).toBe(iso);
  });

  it('reads back as that date and hour at the space, for every hour of 2026 and 2027 that exists', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (let hour = 0; hour < 24; hour++) {
        const p = Object.fromEntries(intl.formatToParts(spaceInstant(date, hour)).map((x) => [x.type, x.value]));
        // 2 AM does not exist the day clocks go forward: it reads as 3 AM.
        const expected = `${date} ${String(hour).padStart(2, '0')}`;
        const got = `${p.year}-${p.month}-${p.day} ${p.hour}`;
        if (got !== expected) expect([date, hour, got]).toEqual([date, 2, `${date} 03`]);
      }
    }
  });

  it('takes the first of the two 1 AMs the night clocks go back', () => {
    expect(spaceInstant('2026-11-01', 1).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(spaceInstant('2026-11-01', 2).toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });
});

describe('the .ics file', () => {
  const file = calendarFile([
    {
      uid: 'test_cs_1-0@espacecowork.ca',
      date: '2026-11-24',
      opens: 7,
      closes: 19,
      summary: 'Room A: booking, full day; bring slides',
      description: 'Line one\nLine two \\ end',
      stamp: new Date('2026-11-23T15:04:05.678Z'),
    },
  ]);
  const lines = file.split('\r\n');

  it('is one calendar with one event, lines ending in CRLF', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('holds the day from 7 AM to 7 PM in Montréal, in UTC', () => {
    expect(lines).toContain('DTSTART:20261124T120000Z');
    expect(lines).toContain('DTEND:20261125T000000Z');
    expect(lines).toContain('DTSTAMP:20261123T150405Z');
    expect(lines).toContain('UID:test_cs_1-0@espacecowork.ca');
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    expect(lines).toContain('SUMMARY:Room A: booking\\, full day\\; bring slides');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two \\\\ end');
    expect(lines).toContain('LOCATION:1250 rue Sainte-Catherine Ouest\\, Montréal\\, QC H3G 1P1');
  });
});
