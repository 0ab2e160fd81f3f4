import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDayOnOrAfter, earliestNoticedDebit, isBusinessDay, padInvoiceDay } from '../../src/shared/domain/pad.ts';
import { weekday } from '../../src/shared/domain/time.ts';
import { site } from '../../src/shared/site.ts';

describe('the banks’ business days in Quebec', () => {
  it('lists each holiday once, in order, on a weekday (a weekend holiday is listed as the day it is observed)', () => {
    const days = [...site.bankHolidays];
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(days.length);
    for (const day of days) expect([0, 6], day).not.toContain(weekday(day));
  });

  it.each([
    ['a Monday', '2026-11-23', '2026-11-23'],
    ['a Saturday', '2026-11-28', '2026-11-30'],
    ['Christmas, then Boxing Day observed on Monday', '2026-12-25', '2026-12-29'],
    ['New Year’s Day 2027, a Friday', '2027-01-01', '2027-01-04'],
    ['Fête nationale', '2027-06-24', '2027-06-25'],
    ['Good Friday 2027, then the weekend', '2027-03-26', '2027-03-29'],
  ])('a debit due on %s is made on the next business day', (_label, due, made) => {
    expect(businessDayOnOrAfter(due)).toBe(made);
    expect(isBusinessDay(made)).toBe(true);
  });

  it('counts business days past weekends and holidays (the settlement window)', () => {
    expect(addBusinessDays('2026-11-23', 5)).toBe('2026-11-30');
    expect(addBusinessDays('2026-12-23', 5)).toBe('2027-01-04');
  });

  it('makes a debit announced today no sooner than ten calendar days later, on a business day (Rule H1)', () => {
    expect(earliestNoticedDebit('2026-11-23')).toBe('2026-12-03');
    // Ten days after 2026-12-15 is Friday Christmas: then Boxing Day observed, so Tuesday.
    expect(earliestNoticedDebit('2026-12-15')).toBe('2026-12-29');
  });

  it('issues a month’s PAD invoice on the 20th of the month before', () => {
    expect(padInvoiceDay('2027-01-01')).toBe('2026-12-20');
    expect(padInvoiceDay('2027-03-01')).toBe('2027-02-20');
  });
});
