import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { site } from '../../src/shared/site.ts';
import { addDays, daysBetween, daysInMonth, isIsoDate, lastDayOfMonth, longDate, slashDate, spaceDateTimeQuick, spaceDateTimeText, spaceTodayQuick, spaceUtcOffsetHours, weekday } from '../../src/shared/domain/time.ts';
import * as zoned from '../../src/shared/domain/zoned-time.ts';

describe("the space's calendar (America/Toronto)", () => {
  it.each([
    ['2026-11-24T04:59:00Z', '2026-11-23', 23],
    ['2026-11-24T05:00:00Z', '2026-11-24', 0],
    ['2026-07-01T03:59:00Z', '2026-06-30', 23],
    ['2026-07-01T04:00:00Z', '2026-07-01', 0],
    ['2026-03-08T07:30:00Z', '2026-03-08', 3],
  ])('%s is %s at %i h in Montréal', (instant, date, hour) => {
    expect(spaceDateTimeQuick(new Date(instant))).toEqual({ date, hour });
    expect(spaceTodayQuick(new Date(instant))).toBe(date);
    expect(zoned.spaceDateTime(new Date(instant))).toEqual({ date, hour });
    expect(zoned.spaceToday(new Date(instant))).toBe(date);
  });

  it('reads the zone of the site, the one zone id of every computation', () => {
    expect(zoned.spaceTimeZone).toBe(site.timeZone);
    expect(zoned.atSpace(new Date('2026-11-23T17:49:00Z')).toString()).toBe(`2026-11-23T12:49:00-05:00[${site.timeZone}]`);
  });

  it('does date arithmetic in calendar days', () => {
    expect(daysBetween('2026-11-23', '2026-12-23')).toBe(30);
    expect(daysBetween('2026-12-23', '2026-11-23')).toBe(-30);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-29')).toBe(0);
    expect([daysInMonth(2027, 2), daysInMonth(2028, 2), daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([28, 29, 30, 31]);
    expect(['2027-02-01', '2028-02-15', '2026-04-30', '2026-12-31'].map(lastDayOfMonth)).toEqual(['2027-02-28', '2028-02-29', '2026-04-30', '2026-12-31']);
  });

  it('validates real calendar dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-11-23')).toBe(false);
  });

  it("formats the lease-end label and 'Available from' dates", () => {
    expect(slashDate('2027-01-05')).toBe('2027/01/05');
    expect(longDate('2027-01-05', 'en-CA')).toBe('January 5, 2027');
    expect(longDate('2027-01-05', 'fr-CA')).toBe('5 janvier 2027');
  });
});

describe('dates for people, written out as Intl writes them for en-CA and fr-CA', () => {
  // Spacing differs between ICU versions (no-break or narrow spaces); the words and digits may not.
  const spaces = (s: string) => s.replace(/[\s\u202f\u00a0]+/g, ' ');

  it.each(['en-CA', 'fr-CA'])('long dates for every day of 2027 and of a leap February (%s)', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const days = [...Array.from({ length: 365 }, (_, i) => addDays('2027-01-01', i)), '2028-02-29'];
    for (const day of days) expect(longDate(day, locale)).toBe(spaces(intl.format(new Date(`${day}T00:00:00Z`))));
  });

  it.each(['en-CA', 'fr-CA'])('date and time at the space for every hour of 2026, across both clock changes, as Temporal writes them (%s)', { timeout: 60_000 }, (locale) => {
    for (let t = Date.UTC(2026, 0, 1, 0, 7); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const instant = new Date(t);
      expect(spaceDateTimeText(instant, locale)).toBe(spaces(zoned.formatAtSpace(instant, locale, { dateStyle: 'medium', timeStyle: 'short' })));
    }
  });

  it('writes noon, midnight and the French 24-hour clock', () => {
    expect(spaceDateTimeText(new Date('2026-11-23T17:49:00Z'), 'en-CA')).toBe('Nov 23, 2026, 12:49 p.m.');
    expect(spaceDateTimeText(new Date('2026-11-23T05:09:00Z'), 'en-CA')).toBe('Nov 23, 2026, 12:09 a.m.');
    expect(spaceDateTimeText(new Date('2026-07-01T04:30:00Z'), 'fr-CA')).toBe('1 juill. 2026, 00 h 30');
  });
});

describe('the fast path of the first paint agrees with Temporal and the time-zone database', () => {
  const hourMs = 3_600_000;

  // 140,000 instants through the Temporal polyfill: seconds of work, not a hang, on a loaded machine.
  it('for every hour from 2020 to 2035: date, hour, today and UTC offset', { timeout: 60_000 }, () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2036, 0, 1); t += hourMs) {
      const instant = new Date(t);
      const ours = spaceDateTimeQuick(instant);
      // zoned.spaceToday is this same date: Temporal is asked once per instant.
      const theirs = zoned.atSpace(instant);
      const theirDate = theirs.toPlainDate().toString();
      if (
        ours.date !== theirDate ||
        ours.hour !== theirs.hour ||
        spaceTodayQuick(instant) !== theirDate ||
        spaceUtcOffsetHours(instant) * hourMs * 1e6 !== theirs.offsetNanoseconds
      ) {
        mismatches.push(instant.toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('on either side of every clock change from 2020 to 2035, to the second', () => {
    const mismatches: string[] = [];
    let changes = 0;
    for (let year = 2020; year <= 2035; year++) {
      let from = Temporal.ZonedDateTime.from({ timeZone: site.timeZone, year, month: 1, day: 1 });
      for (;;) {
        const change = from.getTimeZoneTransition('next');
        if (!change || change.year > year) break;
        changes++;
        for (const ms of [change.epochMilliseconds - 1000, change.epochMilliseconds]) {
          const instant = new Date(ms);
          if (spaceUtcOffsetHours(instant) * hourMs * 1e6 !== zoned.atSpace(instant).offsetNanoseconds) mismatches.push(instant.toISOString());
        }
        from = change;
      }
    }
    expect(changes).toBe(2 * 16);
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['2026-03-08T06:59:59Z', -5],
    ['2026-03-08T07:00:00Z', -4],
    ['2026-11-01T05:59:59Z', -4],
    ['2026-11-01T06:00:00Z', -5],
  ])('%s is UTC%i', (instant, offset) => {
    expect(spaceUtcOffsetHours(new Date(instant))).toBe(offset);
    expect(zoned.atSpace(new Date(instant)).offsetNanoseconds).toBe(offset * hourMs * 1e6);
  });

  it('plain calendar arithmetic, for every day from 2020 to 2035', () => {
    const mismatches: string[] = [];
    for (let d = Temporal.PlainDate.from('2020-01-01'); d.year < 2036; d = d.add({ days: 1 })) {
      const date = d.toString();
      if (
        addDays(date, 1) !== d.add({ days: 1 }).toString() ||
        addDays(date, -1) !== d.subtract({ days: 1 }).toString() ||
        weekday(date) !== d.dayOfWeek % 7 ||
        daysInMonth(d.year, d.month) !== d.daysInMonth ||
        daysBetween('2020-01-01', date) !== d.since('2020-01-01').days ||
        !isIsoDate(date)
      ) {
        mismatches.push(date);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the end of a day at the space (offer expiry)', () => {
  it.each([
    ['2026-11-23', '2026-11-24T05:00:00.000Z'],
    ['2026-07-01', '2026-07-02T04:00:00.000Z'],
    ['2026-03-07', '2026-03-08T05:00:00.000Z'],
    ['2026-03-08', '2026-03-09T04:00:00.000Z'],
    ['2026-10-31', '2026-11-01T04:00:00.000Z'],
    ['2026-11-01', '2026-11-02T05:00:00.000Z'],
  ])('%s ends at %s', (date, instant) => {
    expect(zoned.endOfSpaceDay(date).toISOString()).toBe(instant);
  });
});
