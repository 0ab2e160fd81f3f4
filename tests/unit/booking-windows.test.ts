import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  canShowNextMonth,
  canShowPreviousMonth,
  conferenceWindow,
  dailyOfficeWindow,
  datesOfMonth,
  dayPassWindow,
  dayStatus,
  firstBookableDate,
  isWeekend,
  monthBounds,
  shiftMonth,
  type DayStatus,
} from '../../src/shared/domain/booking-windows.ts';
import { addDays, daysBetween, daysInMonth } from '../../src/shared/domain/time.ts';
import { spaceDateTime } from '../../src/shared/domain/zoned-time.ts';

/** Monday 2026-11-23, 09:00 in Montréal (EST, UTC−5). */
const mondayMorning = new Date('2026-11-23T14:00:00Z');

describe('daily office window: today to 14 days ahead', () => {
  const w = dailyOfficeWindow(mondayMorning);

  it('runs from today to today + 14, weekends included', () => {
    expect(w).toMatchObject({ today: '2026-11-23', first: '2026-11-23', last: '2026-12-07', weekdaysOnly: false });
  });

  it.each<[string, DayStatus]>([
    ['2026-11-22', 'past'],
    ['2026-11-23', 'available'],
    ['2026-11-28', 'available'],
    ['2026-12-07', 'available'],
    ['2026-12-08', 'beyond_window'],
  ])('%s is %s', (date, status) => {
    expect(dayStatus(w, date)).toBe(status);
  });

  it('disables going back a month on the current month only', () => {
    expect(canShowPreviousMonth(w, '2026-11')).toBe(false);
    expect(canShowPreviousMonth(w, '2026-12')).toBe(true);
    expect(canShowNextMonth(w, '2026-11')).toBe(true);
    expect(canShowNextMonth(w, '2026-12')).toBe(false);
  });
});

describe('conference room window: weekdays, today to 3 months ahead', () => {
  it.each([
    ['2026-11-23T14:00:00Z', '2026-11-23', '2027-02-23'],
    ['2026-11-30T14:00:00Z', '2026-11-30', '2027-02-28'],
    ['2027-11-30T14:00:00Z', '2027-11-30', '2028-02-29'],
    ['2026-08-31T14:00:00Z', '2026-08-31', '2026-11-30'],
    ['2026-10-31T14:00:00Z', '2026-10-31', '2027-01-31'],
    ['2026-12-01T14:00:00Z', '2026-12-01', '2027-03-01'],
  ])('from %s: %s to %s', (instant, first, last) => {
    expect(conferenceWindow(new Date(instant))).toMatchObject({ first, last, weekdaysOnly: true });
  });

  const w = conferenceWindow(mondayMorning);
  const booked = new Set(['2026-11-24']);
  it.each<[string, DayStatus]>([
    ['2026-11-20', 'past'],
    ['2026-11-23', 'available'],
    ['2026-11-24', 'booked'],
    ['2026-11-28', 'weekend'],
    ['2026-11-29', 'weekend'],
    ['2027-02-23', 'available'],
    ['2027-02-24', 'beyond_window'],
  ])('%s is %s', (date, status) => {
    expect(dayStatus(w, date, booked)).toBe(status);
  });

  it('picks the first free weekday of the shown month by itself', () => {
    expect(firstBookableDate(w, '2026-11', new Set(['2026-11-23', '2026-11-24']))).toBe('2026-11-25');
    expect(firstBookableDate(w, '2026-12', new Set())).toBe('2026-12-01');
    // January 2027 starts on a Friday; the 1st booked leaves Monday the 4th.
    expect(firstBookableDate(w, '2027-01', new Set(['2027-01-01']))).toBe('2027-01-04');
    expect(firstBookableDate(w, '2027-03', new Set())).toBeNull();
    const all = new Set(datesOfMonth('2026-11'));
    expect(firstBookableDate(w, '2026-11', all)).toBeNull();
  });
});

describe('day pass window: weekdays, today to 30 days, same day only before noon', () => {
  it.each([
    ['09:00 on a winter Monday', '2026-11-23T14:00:00Z', '2026-11-23'],
    ['11:59 on a winter Monday', '2026-11-23T16:59:59Z', '2026-11-23'],
    ['noon on a winter Monday', '2026-11-23T17:00:00Z', '2026-11-24'],
    ['11:59 in summer (EDT, UTC−4)', '2026-07-15T15:59:00Z', '2026-07-15'],
    ['noon in summer (EDT, UTC−4)', '2026-07-15T16:00:00Z', '2026-07-16'],
    ['23:30 in Montréal, already the next day in UTC', '2026-11-24T04:30:00Z', '2026-11-24'],
  ])('at %s the first date is %s', (_label, instant, first) => {
    const w = dayPassWindow(new Date(instant));
    expect(w.first).toBe(first);
    expect(daysBetween(w.today, w.last)).toBe(30);
  });

  it('after noon, today is refused with its own reason and tomorrow is open', () => {
    const w = dayPassWindow(new Date('2026-11-23T18:00:00Z'));
    expect(dayStatus(w, '2026-11-23')).toBe('same_day_closed');
    expect(dayStatus(w, '2026-11-24')).toBe('available');
    expect(dayStatus(w, '2026-12-23')).toBe('available');
    expect(dayStatus(w, '2026-12-24')).toBe('beyond_window');
    expect(dayStatus(w, '2026-11-28')).toBe('weekend');
  });

  it('on a Friday afternoon the first bookable day is the Monday', () => {
    const w = dayPassWindow(new Date('2026-11-27T18:00:00Z'));
    expect(firstBookableDate(w, '2026-11')).toBe('2026-11-30');
  });
});

describe('time zone: today is the date in Montréal', () => {
  it.each([
    ['2026-11-24T04:59:00Z', '2026-11-23'],
    ['2026-11-24T05:00:00Z', '2026-11-24'],
    ['2026-07-01T03:59:00Z', '2026-06-30'],
    ['2026-07-01T04:00:00Z', '2026-07-01'],
  ])('at %s the windows start on %s', (instant, today) => {
    expect(dailyOfficeWindow(new Date(instant)).today).toBe(today);
    expect(conferenceWindow(new Date(instant)).first).toBe(today);
  });
});

describe('months', () => {
  it.each([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2026-04', '2026-04-01', '2026-04-30'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('%s runs from %s to %s (the call-2 bounds)', (month, startDate, endDate) => {
    expect(monthBounds(month)).toEqual({ startDate, endDate });
    expect(datesOfMonth(month)).toHaveLength(Number(endDate.slice(8)));
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -1, '2025-12-15'],
  ])('addMonths(%s, %i) = %s', (date, n, expected) => {
    expect(addMonths(date, n)).toBe(expected);
  });

  it('addMonths keeps the day, or takes the last day of a shorter month, for every day of 2027 and 2028', () => {
    for (let date = '2027-01-01'; date < '2029-01-01'; date = addDays(date, 1)) {
      for (const n of [-13, -1, 1, 2, 3, 12, 25]) {
        const total = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + n;
        const [year, month] = [Math.floor(total / 12), (total % 12) + 1];
        const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
        expect(addMonths(date, n)).toBe(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      }
    }
  });

  it('shifts the shown month across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });

  it.each([
    ['2026-11-27', false],
    ['2026-11-28', true],
    ['2026-11-29', true],
    ['2026-11-30', false],
  ])('%s is a weekend day: %s', (date, weekend) => {
    expect(isWeekend(date)).toBe(weekend);
  });
});

describe('properties', () => {
  const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
  const offset = fc.integer({ min: -10, max: 120 });

  it('an available day is inside its window, and a weekday where weekdays only', () => {
    fc.assert(
      fc.property(instant, offset, fc.constantFrom(dailyOfficeWindow, conferenceWindow, dayPassWindow), (now, by, make) => {
        const w = make(now);
        const date = addDays(w.today, by);
        if (dayStatus(w, date) !== 'available') return;
        expect(date >= w.first && date <= w.last).toBe(true);
        if (w.weekdaysOnly) expect(isWeekend(date)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('windows start today (or tomorrow for a day pass after noon) and have the lengths of SPEC §9', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const { date: today, hour } = spaceDateTime(now);
        expect(daysBetween(today, dailyOfficeWindow(now).last)).toBe(14);
        expect(daysBetween(today, dayPassWindow(now).last)).toBe(30);
        expect(dayPassWindow(now).first).toBe(hour < 12 ? today : addDays(today, 1));
        const conference = conferenceWindow(now);
        expect(conference.last.slice(0, 7)).toBe(addMonths(`${today.slice(0, 7)}-01`, 3).slice(0, 7));
        expect(conference.last <= addMonths(today, 3)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
