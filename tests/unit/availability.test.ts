import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availabilityCategory, availabilityColour, compareCodes, compareUnits, sortUnits, waitlistAction } from '../../src/shared/domain/availability.ts';
import { addDays } from '../../src/shared/domain/time.ts';

const today = '2026-11-23';
const inDays = (n: number) => addDays(today, n);

describe('availability category (SPEC §4)', () => {
  it.each([
    ['available now', { is_available: true, next_available_date: null }, 'available_now', 'green'],
    ['available even with a date', { is_available: true, next_available_date: inDays(400) }, 'available_now', 'green'],
    ['no next date', { is_available: false, next_available_date: null }, 'indefinite', 'grey'],
    ['a date already past', { is_available: false, next_available_date: inDays(-3) }, 'available_soon', 'yellow'],
    ['today', { is_available: false, next_available_date: inDays(0) }, 'available_soon', 'yellow'],
    ['30 days', { is_available: false, next_available_date: inDays(30) }, 'available_soon', 'yellow'],
    ['31 days', { is_available: false, next_available_date: inDays(31) }, 'available_later', 'yellow'],
    ['90 days', { is_available: false, next_available_date: inDays(90) }, 'available_later', 'yellow'],
    ['91 days', { is_available: false, next_available_date: inDays(91) }, 'available_medium_term', 'yellow'],
    ['180 days', { is_available: false, next_available_date: inDays(180) }, 'available_medium_term', 'yellow'],
    ['181 days', { is_available: false, next_available_date: inDays(181) }, 'long_term_lease', 'grey'],
  ] as const)('%s', (_name, unit, category, colour) => {
    const got = availabilityCategory(unit, today);
    expect(got).toBe(category);
    expect(availabilityColour(got)).toBe(colour);
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(availabilityCategory({ is_available: false, next_available_date: '2028-03-30' }, '2028-02-29')).toBe('available_soon');
    expect(availabilityCategory({ is_available: false, next_available_date: '2028-03-31' }, '2028-02-29')).toBe('available_later');
  });
});

describe('waitlist action state (SPEC §4)', () => {
  it.each([
    [{ is_available: true, next_available_date: null }, 'available'],
    [{ is_available: false, next_available_date: inDays(180) }, 'reserve_option'],
    [{ is_available: false, next_available_date: inDays(1) }, 'reserve_option'],
    [{ is_available: false, next_available_date: inDays(181) }, 'long_waitlist'],
    [{ is_available: false, next_available_date: null }, 'long_waitlist'],
  ] as const)('%o → %s', (unit, action) => {
    expect(waitlistAction(unit, today)).toBe(action);
  });
});

describe('sorting within a category (SPEC §4)', () => {
  it('puts available first, then the soonest date, dated before undated, then location code', () => {
    const units = [
      { id: 'undated-B', is_available: false, next_available_date: null, location_code: 'B' },
      { id: 'late', is_available: false, next_available_date: inDays(200), location_code: 'A' },
      { id: 'available-F2', is_available: true, next_available_date: null, location_code: 'F2-201' },
      { id: 'soon', is_available: false, next_available_date: inDays(5), location_code: 'Z' },
      { id: 'undated-A', is_available: false, next_available_date: null, location_code: 'A' },
      { id: 'available-F1', is_available: true, next_available_date: null, location_code: 'F1-101' },
      { id: 'soon-same-day-A', is_available: false, next_available_date: inDays(5), location_code: 'A' },
    ];
    expect(sortUnits(units).map((u) => u.id)).toEqual(['available-F1', 'available-F2', 'soon-same-day-A', 'soon', 'late', 'undated-A', 'undated-B']);
  });

  it('orders location codes naturally (F1-2 before F1-10)', () => {
    const a = { is_available: true, next_available_date: null, location_code: 'F1-2' };
    const b = { is_available: true, next_available_date: null, location_code: 'F1-10' };
    expect(compareUnits(a, b)).toBeLessThan(0);
  });

  it.each([
    ['A-2', 'A-10', -1],
    ['A-10', 'A-2', 1],
    ['a-1', 'B-1', -1],
    ['B-1', 'a-1', 1],
    ['F1-101', 'F2-001', -1],
    ['P-02', 'P-2', 1],
    ['P-2', 'P-02', -1],
    ['OFF-9', 'OFF-9', 0],
    ['OFF', 'OFF-1', -1],
    ['', 'A', -1],
  ])('orders location code %s against %s as %i', (a, b, sign) => {
    expect(Math.sign(compareCodes(a, b))).toBe(sign);
  });

  it('orders location codes as a total order: antisymmetric, and sorting is stable under reversal', () => {
    const code = fc.stringMatching(/^[A-Za-z]{0,2}-?[0-9]{0,3}(-[0-9]{1,3})?$/);
    fc.assert(
      fc.property(code, code, (a, b) => {
        expect(Math.sign(compareCodes(a, b))).toBe(-Math.sign(compareCodes(b, a)) || 0);
        if (compareCodes(a, b) === 0) expect(a).toBe(b);
      }),
    );
    fc.assert(
      fc.property(fc.array(code, { maxLength: 30 }), (codes) => {
        expect([...codes].sort(compareCodes)).toEqual([...codes].reverse().sort(compareCodes));
      }),
    );
  });

  it('sorts in the order of compareUnits, whatever the units (it cuts each code once instead of at each comparison)', () => {
    const unit = fc.record({
      is_available: fc.boolean(),
      next_available_date: fc.option(fc.constantFrom('2026-12-01', '2027-01-15', '2027-06-30'), { nil: null }),
      location_code: fc.option(fc.stringMatching(/^[A-Za-z]{0,2}-?[0-9]{0,3}$/), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        expect(sortUnits(units)).toEqual([...units].sort(compareUnits));
      }),
    );
  });

  it('does not change the list it is given', () => {
    const units = [{ is_available: false, next_available_date: null, location_code: 'B' }, { is_available: true, next_available_date: null, location_code: 'A' }];
    const copy = structuredClone(units);
    sortUnits(units);
    expect(units).toEqual(copy);
  });
});
