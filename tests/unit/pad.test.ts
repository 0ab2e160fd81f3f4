import { describe, expect, it } from 'vitest';
import { cpaReturnCodes } from '@cityssm/cpa-codes';
import { addBusinessDays, businessDayOnOrAfter, earliestNoticedDebit, isBusinessDay, padDebitDay, padInvoiceDay, padInvoiceHorizon } from '../../src/shared/domain/pad.ts';
import { padReturnCodes } from '../../src/shared/domain/pad-returns.ts';
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

  it('takes every period beginning by the 1st of next month from the 20th on, and only those begun before it', () => {
    expect(padInvoiceHorizon('2026-12-19')).toBe('2026-12-19');
    expect(padInvoiceHorizon('2026-12-20')).toBe('2027-01-01');
    expect(padInvoiceHorizon('2026-12-31')).toBe('2027-01-01');
    expect(padInvoiceHorizon('2027-01-02')).toBe('2027-01-02');
    // Each month's invoice day is within the horizon of that day, and not of the day before.
    for (const start of ['2027-01-01', '2027-03-01', '2027-12-01']) {
      expect(padInvoiceHorizon(padInvoiceDay(start)) >= start).toBe(true);
      const dayBefore = new Date(`${padInvoiceDay(start)}T12:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      expect(padInvoiceHorizon(dayBefore.toISOString().slice(0, 10)) < start).toBe(true);
    }
  });

  it('debits the fixed monthly amount on the 1st’s business day with no notice, and any other amount after its ten days too', () => {
    expect(padDebitDay('2027-01-01', true, '2026-12-20')).toEqual({ on: '2027-01-04', noticed: false });
    // A prorated last month invoiced on the 20th: notice to the 30th, a business day after the 1st's.
    expect(padDebitDay('2027-03-01', false, '2027-02-20')).toEqual({ on: '2027-03-02', noticed: true });
    // Invoiced early enough, the notice runs before the 1st: debited on the 1st's business day.
    expect(padDebitDay('2027-02-01', false, '2027-01-20')).toEqual({ on: '2027-02-01', noticed: true });
  });

  it('debits no month of a tenancy before its initial debit: a month due sooner is due that day, its e-mail the notice', () => {
    // Signed Wednesday 25 November: the initial debit is announced for Monday 7 December.
    const firstDebitOn = earliestNoticedDebit('2026-11-25');
    expect(firstDebitOn).toBe('2026-12-07');
    // December, invoiced the same day, is due then, not on Tuesday the 1st.
    expect(padDebitDay('2026-12-01', true, '2026-11-25', firstDebitOn)).toEqual({ on: '2026-12-07', noticed: true });
    expect(padDebitDay('2026-12-01', false, '2026-11-25', firstDebitOn)).toEqual({ on: '2026-12-07', noticed: true });
    // Invoiced three days late (a round down), its own notice runs past it: Tuesday the 8th.
    expect(padDebitDay('2026-12-01', true, '2026-11-28', firstDebitOn)).toEqual({ on: '2026-12-08', noticed: true });
    // From the month after, the agreement's days as before.
    expect(padDebitDay('2027-01-01', true, '2026-12-20', firstDebitOn)).toEqual({ on: '2027-01-04', noticed: false });
    // A first debit on the 1st's business day itself holds nothing back.
    expect(padDebitDay('2027-01-01', true, '2026-12-22', '2027-01-04')).toEqual({ on: '2027-01-04', noticed: false });
  });
});

describe('the CPA-007 return codes', () => {
  it('are the list of Payments Canada’s codes as @cityssm/cpa-codes carries it, with its English names, and French and an outcome of ours for each', () => {
    expect(Object.keys(padReturnCodes).sort()).toEqual(Object.keys(cpaReturnCodes).sort());
    for (const [code, ours] of Object.entries(padReturnCodes)) {
      expect(ours.en, code).toBe(cpaReturnCodes[code as `${number}`]!.cpaCodeFullName);
      expect(ours.fr.length, code).toBeGreaterThan(0);
    }
    expect(padReturnCodes['901'].outcome).toBe('redebit');
    expect(padReturnCodes['905'].outcome).toBe('stop');
    expect(padReturnCodes['903'].outcome).toBe('stop');
    expect(padReturnCodes['920'].outcome).toBe('stop');
    expect(padReturnCodes['919'].outcome).toBe('dispute');
  });
});
