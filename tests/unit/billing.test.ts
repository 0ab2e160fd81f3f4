import { describe, expect, it } from 'vitest';
import { checkoutPaidThrough, nextInvoice, nextTryOn, periodCharges, periodFrom, periodRentCents, periodsDue, prepaidCredit, triesPerInvoice, unusedDaysCents } from '../../src/shared/domain/billing.ts';
import { taxedTotal } from '../../src/shared/domain/pricing.ts';
import { site } from '../../src/shared/site.ts';

describe('what a rental’s checkout pays for', () => {
  it.each([
    ['standard', '2026-11-18', '2026-11-30'],
    ['office_monthly', '2026-11-01', '2026-11-30'],
    ['office_lease', '2027-02-14', '2027-02-28'],
    ['standard', '2028-02-10', '2028-02-29'],
    // A mailbox plan's first payment is a whole month: to the day before the same date next month…
    ['mailbox', '2026-11-18', '2026-12-17'],
    ['mailbox', '2026-11-01', '2026-11-30'],
    // …or to that month's last day when it has no such date.
    ['mailbox', '2027-01-31', '2027-02-28'],
    ['mailbox', '2027-01-30', '2027-02-28'],
    ['mailbox', '2028-01-31', '2028-02-29'],
    ['mailbox', '2028-01-29', '2028-02-28'],
    ['mailbox', '2026-12-31', '2027-01-30'],
  ] as const)('%s bought %s: paid through %s', (product, bought, through) => {
    expect(checkoutPaidThrough(product, bought)).toBe(through);
  });
});

describe('billing periods', () => {
  it('runs a period to its month’s end, or to the rental’s last day', () => {
    expect(periodFrom('2026-12-01', null)).toEqual({ start: '2026-12-01', end: '2026-12-31', days: 31, daysInMonth: 31 });
    expect(periodFrom('2026-12-18', null)).toEqual({ start: '2026-12-18', end: '2026-12-31', days: 14, daysInMonth: 31 });
    expect(periodFrom('2027-02-01', '2027-02-14')).toEqual({ start: '2027-02-01', end: '2027-02-14', days: 14, daysInMonth: 28 });
    expect(periodFrom('2028-02-01', null)).toEqual({ start: '2028-02-01', end: '2028-02-29', days: 29, daysInMonth: 29 });
    // A one-day last period.
    expect(periodFrom('2027-03-01', '2027-03-01')).toEqual({ start: '2027-03-01', end: '2027-03-01', days: 1, daysInMonth: 31 });
  });

  it('lists every period begun by today, from the first not invoiced, and none after the last day', () => {
    expect(periodsDue('2026-12-01', '2026-11-30', null)).toEqual([]);
    expect(periodsDue('2026-12-01', '2026-12-01', null).map((p) => p.start)).toEqual(['2026-12-01']);
    expect(periodsDue('2026-12-18', '2027-02-01', null).map((p) => [p.start, p.end])).toEqual([
      ['2026-12-18', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-02-28'],
    ]);
    expect(periodsDue('2027-01-01', '2027-06-01', '2027-02-09').map((p) => [p.start, p.end])).toEqual([
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-02-09'],
    ]);
    expect(periodsDue('2027-03-01', '2027-06-01', '2027-02-28')).toEqual([]);
  });

  it('charges the month’s rent for a whole month and prorates by days otherwise, half a cent up', () => {
    expect(periodRentCents(45_000, periodFrom('2027-02-01', null))).toBe(45_000);
    expect(periodRentCents(45_000, periodFrom('2026-12-18', null))).toBe(20_323); // 450 × 14 / 31 = 203.2258
    expect(periodRentCents(3_900, periodFrom('2026-12-23', null))).toBe(1_132); // 39 × 9 / 31 = 11.3226
    expect(periodRentCents(100, periodFrom('2027-03-01', '2027-03-01'))).toBe(3); // 1/31 of $1 = 3.2 cents
    expect(periodRentCents(31_000, periodFrom('2028-02-15', null))).toBe(16_034); // 310 × 15 / 29 = 160.3448
  });
});

describe('the final invoice and the prepaid last month', () => {
  it('applies the prepaid month as a negative taxable line and refunds what it leaves over', () => {
    // Notice ends a $450 rental on 9 February: 9 of 28 days.
    const final = periodCharges(45_000, periodFrom('2027-02-01', '2027-02-09'), 45_000);
    expect(final.lines).toEqual([
      { item: 'monthly_rent', cents: 14_464 },
      { item: 'prepaid_last_month', cents: -14_464 },
    ]);
    expect(final).toMatchObject({ subtotal: 0, taxable: 0, gst: 0, qst: 0, total: 0, surplusCents: 30_536 });
  });

  it('pays a whole final month from the prepaid month with nothing left over', () => {
    expect(periodCharges(45_000, periodFrom('2027-02-01', '2027-02-28'), 45_000)).toMatchObject({ total: 0, surplusCents: 0 });
  });

  it('charges what the prepaid month does not cover, with its taxes, when the rent was sold higher than the prepaid month', () => {
    const final = periodCharges(50_000, periodFrom('2027-03-01', '2027-03-31'), 45_000);
    expect(final.lines).toEqual([
      { item: 'monthly_rent', cents: 50_000 },
      { item: 'prepaid_last_month', cents: -45_000 },
    ]);
    expect(final).toMatchObject({ ...taxedTotal([{ item: 'monthly_rent', cents: 5_000 }]), surplusCents: 0 });
  });

  it('charges an ordinary period in full, taxes included', () => {
    expect(periodCharges(45_000, periodFrom('2027-01-01', null), null)).toMatchObject({ lines: [{ item: 'monthly_rent', cents: 45_000 }], ...taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]), surplusCents: 0 });
  });

  it('says the next invoice’s day and amount, the final one with the prepaid month applied, and none after', () => {
    const rental = { monthlyCents: 45_000, prepaidLastMonthCents: 45_000, paysBy: 'card' as const };
    expect(nextInvoice({ ...rental, nextPeriodStart: '2027-01-01', endsOn: null })).toEqual({ on: '2027-01-01', cents: taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]).total });
    expect(nextInvoice({ ...rental, nextPeriodStart: '2027-02-01', endsOn: '2027-02-09' })).toEqual({ on: '2027-02-01', cents: 0 });
    expect(nextInvoice({ ...rental, nextPeriodStart: '2027-02-10', endsOn: '2027-02-09' })).toBeNull();
    // A tenancy's month is invoiced on the 20th of the month before.
    expect(nextInvoice({ ...rental, paysBy: 'pad', nextPeriodStart: '2027-01-01', endsOn: null })).toEqual({ on: '2026-12-20', cents: taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]).total });
  });
});

describe('ending a rental at once', () => {
  it('credits the rent billed for the days after the last one, whole months and prorated ones alike', () => {
    // December (31 days) billed whole, ended on the 10th: 21 days back.
    expect(unusedDaysCents(45_000, 45_000, '2026-12-01', '2026-12-10')).toBe(45_000 - Math.floor((2 * 45_000 * 10 + 31) / 62));
    // A mailbox's first period, 18–31 December, ended on the 20th: what 18–20 costs stays.
    const billed = periodRentCents(3_000, periodFrom('2026-12-18', null));
    expect(unusedDaysCents(3_000, billed, '2026-12-18', '2026-12-20')).toBe(billed - periodRentCents(3_000, periodFrom('2026-12-18', '2026-12-20')));
    // Ended on the period's last day: nothing to credit. February of a leap year, ended on the 28th: one day back.
    expect(unusedDaysCents(45_000, 45_000, '2026-12-01', '2026-12-31')).toBe(0);
    expect(unusedDaysCents(29_000, 29_000, '2028-02-01', '2028-02-28')).toBe(1_000);
  });

  it('applies the prepaid month to what an invoice owes: all of it when it falls short, else exactly what is owed', () => {
    const owed = taxedTotal([{ item: 'monthly_rent', cents: 45_000 }]).total;
    // A whole month owed, a prepaid month as large: all of it, its taxes matching the invoice's to the cent.
    expect(prepaidCredit(owed, 45_000)).toEqual({ applied: 45_000, amounts: taxedTotal([{ item: 'prepaid_last_month', cents: 45_000 }]) });
    // Less prepaid than owed: all that is left, taxed as it was at checkout.
    expect(prepaidCredit(owed, 10_000)).toEqual({ applied: 10_000, amounts: taxedTotal([{ item: 'prepaid_last_month', cents: 10_000 }]) });
    // Part of the invoice paid: what covers the rest, to the cent, whatever the taxes' rounding.
    for (let rest = 1; rest <= 3_000; rest++) {
      const credit = prepaidCredit(rest, 45_000)!;
      expect(credit.amounts.total, `owing ${rest}`).toBe(rest);
      expect(credit.amounts.subtotal + credit.amounts.gst + credit.amounts.qst).toBe(rest);
      expect(credit.applied).toBe(credit.amounts.subtotal);
      expect(Math.abs(credit.amounts.qst - taxedTotal([{ item: 'prepaid_last_month', cents: credit.applied }]).qst)).toBeLessThanOrEqual(2);
    }
    // 11.61 owed: 10.09 of rent is 11.60 with its taxes and 10.10 is 11.62, so 10.09 and a cent more of QST.
    expect(prepaidCredit(1_161, 45_000)).toEqual({ applied: 1_009, amounts: { subtotal: 1_009, taxable: 1_009, gst: 50, qst: 102, total: 1_161 } });
    expect(prepaidCredit(0, 45_000)).toBeNull();
    expect(prepaidCredit(owed, 0)).toBeNull();
  });
});

describe('the retry schedule', () => {
  it('tries again after the site’s delays, counted from the first try, then stops', () => {
    expect(site.billing.retryAfterDays).toEqual([3, 7]);
    expect(triesPerInvoice).toBe(3);
    expect(nextTryOn('2026-12-01', 1)).toBe('2026-12-04');
    expect(nextTryOn('2026-12-01', 2)).toBe('2026-12-08');
    expect(nextTryOn('2026-12-01', 3)).toBeNull();
    expect(nextTryOn('2027-02-27', 1)).toBe('2027-03-02');
  });
});
