import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  formatCad,
  initialLeasePayment,
  keyFobDepositCents,
  normalizeMoveInFeeType,
  proratedRentCents,
  type LeasePaymentTerms,
} from '../../src/shared/domain/lease-payment.ts';
import { proratedFirstMonthCents, remainingDaysInMonth } from '../../src/shared/domain/pricing.ts';
import { addDays, daysInMonth } from '../../src/shared/domain/time.ts';

describe('amountToCents', () => {
  it.each([
    [1200, 120_000],
    ['1200.00', 120_000],
    ['-5', 0],
    [0.1 + 0.2, 30],
    [19.99, 1_999],
    [null, 0],
    [undefined, 0],
    ['', 0],
    ['abc', 0],
  ])('%s dollars → %i cents', (dollars, cents) => {
    expect(amountToCents(dollars)).toBe(cents);
  });
});

describe('proratedRentCents: rent for the start day to the end of its month', () => {
  it.each([
    // [monthly cents, date, cents, days, days in month]
    [300_000, '2026-11-01', 300_000, 30, 30],
    [300_000, '2026-11-16', 150_000, 15, 30],
    [300_000, '2026-11-30', 10_000, 1, 30],
    [310_000, '2026-12-31', 10_000, 1, 31],
    [280_000, '2027-02-15', 140_000, 14, 28],
    [290_000, '2028-02-29', 10_000, 1, 29],
    [100_000, '2026-11-23', 26_667, 8, 30],
  ])('%i a month from %s → %i cents (%i of %i days)', (monthly, date, cents, days, total) => {
    expect(proratedRentCents(monthly, date)).toEqual({ cents, days, daysInMonth: total });
  });

  it("counts the days as pricing.ts prorates the list's monthly rentals, for every day from 2026 to 2040", () => {
    for (let date = '2026-01-01'; date < '2041-01-01'; date = addDays(date, 1)) {
      const prorated = proratedRentCents(310_000, date);
      expect(prorated).toEqual({
        cents: proratedFirstMonthCents(310_000, date),
        days: remainingDaysInMonth(date),
        daysInMonth: daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7))),
      });
    }
  });
});

describe('initialLeasePayment (SPEC §9)', () => {
  const base: LeasePaymentTerms = { monthly_rate: 1500, monthly_discount: 0, signup_discount: 0, start_date: '2026-12-01' };

  it.each([
    // [label, terms, first month, move-in fee, total]
    ['absent fee type acts as monthly_rate, start on the 1st', {}, 150_000, 150_000, 150_000 * 3 + 7_500],
    ['monthly_rate fee', { move_in_fee_type: 'monthly_rate' }, 150_000, 150_000, 150_000 * 3 + 7_500],
    ['null fee type acts as monthly_rate', { move_in_fee_type: null }, 150_000, 150_000, 150_000 * 3 + 7_500],
    ['fixed_amount fee', { move_in_fee_type: 'fixed_amount', move_in_fee_amount: 250 }, 150_000, 25_000, 150_000 * 2 + 25_000 + 7_500],
    ['fixed_amount fee given as a string', { move_in_fee_type: 'fixed_amount', move_in_fee_amount: '99.95' }, 150_000, 9_995, 150_000 * 2 + 9_995 + 7_500],
    ['fixed_amount without an amount is 0', { move_in_fee_type: 'fixed_amount' }, 150_000, 0, 150_000 * 2 + 7_500],
    ['no fee', { move_in_fee_type: 'none', move_in_fee_amount: 500 }, 150_000, 0, 150_000 * 2 + 7_500],
    ['mid-month start prorates the first month (16 of 31 days)', { start_date: '2026-12-16', move_in_fee_type: 'none' }, 77_419, 0, 77_419 + 150_000 + 7_500],
    ['last day of the month bills one day', { start_date: '2026-12-31', move_in_fee_type: 'none' }, 4_839, 0, 4_839 + 150_000 + 7_500],
    ['monthly discount lowers rent, deposit and move-in fee', { monthly_discount: 100 }, 140_000, 140_000, 140_000 * 3 + 7_500],
    ['signup discount comes off the total', { signup_discount: 500 }, 150_000, 150_000, 150_000 * 3 + 7_500 - 50_000],
    ['signup discount equal to the total gives 0', { signup_discount: 4575 }, 150_000, 150_000, 0],
    ['signup discount above the total floors at 0', { signup_discount: 999_999 }, 150_000, 150_000, 0],
  ] as const)('%s', (_label, overrides, firstMonth, moveInFee, total) => {
    const p = initialLeasePayment({ ...base, ...overrides });
    expect(p.firstMonth.cents).toBe(firstMonth);
    expect(p.moveInFee.cents).toBe(moveInFee);
    expect(p.subtotalCents).toBe(total);
    expect(p.totalCents).toBe(p.subtotalCents + p.gstCents + p.qstCents);
    expect(p.keyFobDepositCents).toBe(keyFobDepositCents);
    expect(p.securityDepositCents).toBe(p.monthlyRentCents);
  });

  it('returns every line, and the total is their sum less the signup discount', () => {
    const p = initialLeasePayment({ monthly_rate: '1200.00', monthly_discount: '50', signup_discount: '100', start_date: '2026-11-23', move_in_fee_type: 'fixed_amount', move_in_fee_amount: 300 });
    expect(p).toEqual({
      monthlyRentCents: 115_000,
      firstMonth: { cents: 30_667, prorated: true, days: 8, daysInMonth: 30 },
      securityDepositCents: 115_000,
      moveInFee: { type: 'fixed_amount', cents: 30_000 },
      keyFobDepositCents: 7_500,
      signupDiscountCents: 10_000,
      subtotalCents: 30_667 + 115_000 + 30_000 + 7_500 - 10_000,
      // Taxed: the rent and the move-in fee less the signup discount (50,667 cents); never the deposits.
      gstCents: 2_533,
      qstCents: 5_054,
      totalCents: 173_167 + 2_533 + 5_054,
      monthlyPayment: { rentCents: 115_000, gstCents: 5_750, qstCents: 11_471, totalCents: 132_221 },
    });
  });

  it('a start on the 1st is a full, unprorated month', () => {
    expect(initialLeasePayment({ ...base, start_date: '2027-02-01' }).firstMonth).toEqual({ cents: 150_000, prorated: false, days: 28, daysInMonth: 28 });
  });

  it('a monthly discount above the rate never gives negative rent', () => {
    const p = initialLeasePayment({ ...base, monthly_discount: 2000 });
    expect(p.monthlyRentCents).toBe(0);
    // Only the key fob deposit is left, and a deposit bears no tax.
    expect(p.totalCents).toBe(7_500);
  });

  it('refuses a start date that is not a calendar date', () => {
    expect(() => initialLeasePayment({ ...base, start_date: '2026-02-30' })).toThrow(RangeError);
  });

  it.each([
    ['monthly_rate', 'monthly_rate'],
    ['fixed_amount', 'fixed_amount'],
    ['none', 'none'],
    [undefined, 'monthly_rate'],
    [null, 'monthly_rate'],
    ['something-else', 'monthly_rate'],
  ])('move-in fee type %s reads as %s', (given, read) => {
    expect(normalizeMoveInFeeType(given)).toBe(read);
  });
});

describe('formatCad', () => {
  it.each([
    [123_456, 'en', '$1,234.56'],
    [7_500, 'en', '$75.00'],
    [0, 'en', '$0.00'],
  ] as const)('%i cents in %s → %s', (cents, language, text) => {
    expect(formatCad(cents, language)).toBe(text);
  });

  it('writes French amounts with a comma and the sign after', () => {
    expect(formatCad(123_456, 'fr').replace(/\s/gu, ' ')).toBe('1 234,56 $');
  });

  it.each(['en', 'fr'] as const)('writes any amount as Intl.NumberFormat does (%s)', (language) => {
    const intl = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' });
    const spaces = (s: string) => s.replace(/[\s\u202f\u00a0]/gu, ' ');
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(spaces(formatCad(cents, language))).toBe(spaces(intl.format(cents / 100)));
      }),
    );
    for (const cents of [0, 1, 99, 100, 99_999, 100_000, 123_456_789, -1, -100_000]) expect(spaces(formatCad(cents, language))).toBe(spaces(intl.format(cents / 100)));
  });
});
