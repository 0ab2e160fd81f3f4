import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCheckout, checkoutRequest } from '../../src/shared/contract/checkout.ts';
import { checkoutDetails } from '../../src/shared/contract/orders.ts';
import {
  amountMismatches,
  checkoutPricing,
  customPricing,
  keyFeeCents,
  leaseMonthlyCents,
  listPrice,
  monthlyRateCents,
  officeDailyCents,
  proratedFirstMonthCents,
  quote,
  rateToCents,
  remainingDaysInMonth,
  rentalOptions,
  roundDiv,
  type PricedUnit,
  type ProductChoice,
} from '../../src/shared/domain/pricing.ts';
import { addDays } from '../../src/shared/domain/time.ts';
import { site } from '../../src/shared/site.ts';

const office = (rate: string | null, is_available = true): PricedUnit => ({ service_type: 'dedicated_office', is_available, base_monthly_rate: rate });
const unit = (service_type: string, rate: string | null): PricedUnit => ({ service_type, is_available: true, base_monthly_rate: rate });

describe('integer helpers', () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [1, 3, 0],
    [2, 3, 1],
    [10_000, 31, 323],
    [0, 7, 0],
  ])('roundDiv(%i, %i) = %i (half up)', (n, d, expected) => {
    expect(roundDiv(n, d)).toBe(expected);
  });

  it.each([
    ['1200.00', 120_000],
    ['0.10', 10],
    ['35', 3_500],
    [' 99.99 ', 9_999],
    ['', null],
    ['abc', null],
    ['-5', null],
    [null, null],
    [undefined, null],
  ])('rateToCents(%j) = %j', (rate, expected) => {
    expect(rateToCents(rate)).toBe(expected);
  });
});

describe('monthly rate, list price and the limited-time offer', () => {
  it('takes 20% off an available dedicated office: the factor of the list', () => {
    expect(site.listDiscountFactor).toBe(0.8);
    expect(monthlyRateCents(office('1200.00'))).toBe(96_000);
    expect(listPrice(office('1200.00'))).toEqual({ priceCents: 96_000, originalCents: 120_000, percentOff: 20 });
  });

  it.each([
    ['an occupied office', office('1200.00', false), 120_000],
    ['a desk', unit('assigned_desk', '450.00'), 45_000],
    ['a hot desk', unit('hotdesk', '250.00'), 25_000],
    ['a parking spot', unit('parking_spot', '150.00'), 15_000],
    ['a mailbox', unit('mailbox', '39.00'), 3_900],
  ])('leaves %s at its base rate', (_label, u, expected) => {
    expect(monthlyRateCents(u)).toBe(expected);
    expect(listPrice(u)).toEqual({ priceCents: expected, originalCents: null, percentOff: null });
  });

  it('rounds the offer to the cent, half up', () => {
    // 1234.57 × 0.8 = 987.656
    expect(monthlyRateCents(office('1234.57'))).toBe(98_766);
  });

  it('shows the same monthly number in the list, the chooser and every checkout of an available office', () => {
    const u = office('2100.00');
    const list = listPrice(u)!.priceCents;
    expect(rentalOptions(u).monthlyRate).toBe(list);
    expect(quote(u, { product: 'office_monthly' }, '2026-11-23')!.monthlyRate).toBe(list);
    expect(quote(u, { product: 'standard' }, '2026-11-23')!.monthlyRate).toBe(list);
  });

  it('gives the chooser the lease at 5% off the monthly rate and its saving per month', () => {
    expect(rentalOptions(office('1200.00'))).toEqual({ dailyRate: 12_000, monthlyRate: 96_000, leaseRate: 91_200, leaseSavingPerMonth: 4_800 });
    expect(rentalOptions(office(null))).toEqual({ dailyRate: null, monthlyRate: null, leaseRate: null, leaseSavingPerMonth: null });
  });

  it.each([
    [96_000, 91_200],
    [100, 95],
    [10, 10], // 9.5 rounds half up
    [99_999, 94_999],
  ])('lease of %i cents is %i cents', (monthly, lease) => {
    expect(leaseMonthlyCents(monthly)).toBe(lease);
  });

  it.each([
    [120_000, 12_000],
    [85_000, 8_500],
    [123_456, 12_346],
    [5, 1],
  ])('office day rate of base %i cents is base / 20 × 2 = %i cents', (base, daily) => {
    expect(officeDailyCents(base)).toBe(daily);
  });
});

describe('first-month proration: remaining days including today ÷ days in the month', () => {
  it.each([
    ['2026-11-23', 8, 96_000, 25_600],
    ['2026-11-01', 30, 96_000, 96_000],
    ['2026-11-30', 1, 96_000, 3_200],
    ['2026-01-31', 1, 10_000, 323],
    ['2026-01-01', 31, 10_000, 10_000],
    ['2026-12-15', 17, 31_000, 17_000],
    ['2026-02-28', 1, 28_000, 1_000],
    ['2026-02-01', 28, 28_000, 28_000],
    ['2028-02-29', 1, 29_000, 1_000],
    ['2028-02-28', 2, 29_000, 2_000],
    ['2028-02-01', 29, 29_000, 29_000],
    ['2026-04-30', 1, 30_000, 1_000],
    ['2026-04-16', 15, 45_000, 22_500],
  ])('on %s: %i days left; %i cents → %i cents', (today, days, monthly, prorated) => {
    expect(remainingDaysInMonth(today)).toBe(days);
    expect(proratedFirstMonthCents(monthly, today)).toBe(prorated);
  });
});

describe('due today, by product', () => {
  const today = '2026-11-23';

  it('month to month: prorated first month + last month + key fee + setup fee of one month', () => {
    const q = quote(office('1200.00'), { product: 'office_monthly' }, today)!;
    expect(q).toMatchObject({ rentalType: 'monthly', monthlyRate: 96_000, proratedFirstMonth: 25_600, lastMonth: 96_000, keyFee: 5_000, setupFee: 96_000, dailyRate: 12_000, subtotal: 222_600 });
    expect(q.proration).toEqual({ days: 8, daysInMonth: 30 });
    expect(q.lines.map((l) => l.item)).toEqual(['prorated_first_month', 'last_month', 'key_fee', 'setup_fee']);
  });

  it('12-month lease: 5% off, prorated first month + last month, no key fee and no setup fee', () => {
    const q = quote(office('1200.00'), { product: 'office_lease' }, today)!;
    expect(q).toMatchObject({ rentalType: 'lease', monthlyRate: 91_200, proratedFirstMonth: 24_320, lastMonth: 91_200, keyFee: 0, setupFee: 0, subtotal: 115_520 });
  });

  it('daily office: the day rate for each distinct selected day', () => {
    const q = quote(office('1200.00'), { product: 'office_daily', dates: ['2026-11-25', '2026-11-24', '2026-11-25', '2026-12-01'] }, today)!;
    expect(q).toMatchObject({ rentalType: 'daily', dailyRate: 12_000, totalDays: 3, dates: ['2026-11-24', '2026-11-25', '2026-12-01'], subtotal: 36_000, keyFee: 0, setupFee: 0, lastMonth: 0 });
    expect(quote(office('1200.00'), { product: 'office_daily', dates: [] }, today)!.total).toBe(0);
  });

  it.each([
    ['a desk', unit('assigned_desk', '450.00'), 45_000, 12_000, 62_000],
    ['a hot desk', unit('hotdesk', '250.00'), 25_000, 6_667, 36_667],
    ['a parking spot', unit('parking_spot', '150.00'), 15_000, 4_000, 24_000],
    ['an available office without custom pricing', office('1200.00'), 96_000, 25_600, 126_600],
  ])('standard, %s: prorated first month + last month + key fee', (_label, u, monthly, prorated, total) => {
    const q = quote(u, { product: 'standard' }, today)!;
    expect(q).toMatchObject({ rentalType: 'standard', monthlyRate: monthly, proratedFirstMonth: prorated, lastMonth: monthly, keyFee: keyFeeCents, setupFee: 0, subtotal: total });
  });

  it.each([
    ['conference_room' as const, unit('conference_room', '350.00'), 35_000],
    ['day_pass' as const, unit('day_pass', '35.00'), 3_500],
  ])('%s: the day price for its one date', (product, u, price) => {
    const q = quote(u, { product, date: '2026-11-24' }, today)!;
    expect(q).toMatchObject({ rentalType: 'daily', monthlyRate: 0, dailyRate: price, totalDays: 1, dates: ['2026-11-24'], subtotal: price });
  });

  it('mailbox: one month, due today', () => {
    expect(quote(unit('mailbox', '59.00'), { product: 'mailbox' }, today)).toMatchObject({ rentalType: 'monthly', monthlyRate: 5_900, subtotal: 5_900, keyFee: 0, setupFee: 0 });
  });

  it.each([
    ['no price', office(null), { product: 'office_monthly' }],
    ['an empty price', office(''), { product: 'office_lease' }],
    ['a zero price', unit('conference_room', '0.00'), { product: 'conference_room', date: today }],
    ['a choice that does not fit the type', unit('mailbox', '39.00'), { product: 'office_monthly' }],
    ['a desk as a lease', unit('assigned_desk', '450.00'), { product: 'office_lease' }],
  ] as [string, PricedUnit, ProductChoice][])('has no quote for %s', (_label, u, choice) => {
    expect(quote(u, choice, today)).toBeNull();
  });
});

describe('the call-1 pricing, the custom pricing and checkoutDetails', () => {
  const today = '2026-11-23';
  const origin = 'https://book.example.ca';

  it('carries the quote in dollars, with the booked dates or null', () => {
    const q = quote(office('1200.00'), { product: 'office_monthly' }, today)!;
    expect(checkoutPricing(q)).toEqual({ monthlyRate: 960, proratedFirstMonth: 256, lastMonth: 960, keyFee: 50, setupFee: 960, totalDueToday: 2226, rentalType: 'monthly', dailyBookings: null, dailyRate: 120, totalDays: 0 });
    const daily = quote(office('1200.00'), { product: 'office_daily', dates: ['2026-11-24'] }, today)!;
    expect(checkoutPricing(daily).dailyBookings).toEqual(['2026-11-24']);
  });

  it('gives the order summary the SPEC §3 custom pricing object for the three office choices only', () => {
    const lease = quote(office('1200.00'), { product: 'office_lease' }, today)!;
    expect(customPricing(lease)).toEqual({ rentalType: 'lease', monthlyRate: 912, setupFee: 0, dailyRate: 120, totalDays: 0, totalCost: 1155.2, selectedDates: [], leaseTerm: 12 });
    expect(customPricing(quote(unit('mailbox', '39.00'), { product: 'mailbox' }, today)!)).toBeNull();
  });

  it.each([
    ['an office, monthly', { id: 1, office_id: 'OFF-101', service_code: 'DO-101', name: 'Office 101', service_type: 'dedicated_office', is_available: true, base_monthly_rate: '1200.00' }, { product: 'office_monthly' }, 'OFF-101', '#office-OFF-101', 960],
    ['a desk', { id: 9, office_id: 'DSK-01', service_code: 'AD-01', name: 'Desk A1', service_type: 'assigned_desk', is_available: true, base_monthly_rate: '450.00' }, { product: 'standard' }, 'DSK-01', '#office-DSK-01', 450],
    ['a conference room', { id: 18, office_id: 'CONF-A', service_code: 'CR-A', name: 'Room A', service_type: 'conference_room', is_available: true, base_monthly_rate: '350.00' }, { product: 'conference_room', date: '2026-11-24' }, 'CONF-A', '#conference', 0],
    ['a day pass', { id: 20, office_id: 'DAYPASS', service_code: 'DP-1', name: 'Day Pass', service_type: 'day_pass', is_available: true, base_monthly_rate: '35.00' }, { product: 'day_pass', date: '2026-11-24' }, 'daypass', '#daypass', 0],
    ['a mailbox without office_id', { id: 21, office_id: '', service_code: 'MB-BASIC', name: 'Mailbox', service_type: 'mailbox', is_available: true, base_monthly_rate: '39.00' }, { product: 'mailbox' }, 'MB-BASIC', '#mailbox', 39],
  ] as const)('builds the whole call-1 body for %s', (_label, u, choice, officeId, anchor, monthlyRate) => {
    const built = buildCheckout(u, choice as ProductChoice, { today, origin, locale: 'fr' })!;
    expect(checkoutRequest.parse(built.request)).toEqual(built.request);
    expect(built.request.officeId).toBe(officeId);
    expect(built.request.officeDetails).toEqual({ office_id: u.office_id || u.service_code, name: u.name, service_type: u.service_type, monthly_rate: monthlyRate });
    expect(built.request.successUrl).toBe(`${origin}/checkout-success`);
    expect(built.request.cancelUrl).toBe(`${origin}/${anchor}`);
    expect(built.request.locale).toBe('fr');
    expect(checkoutDetails.parse(built.checkoutDetails)).toEqual(built.checkoutDetails);
    expect(built.checkoutDetails.subtotal).toBe(built.request.pricing.totalDueToday);
    expect(built.checkoutDetails.totalAmount).toBe(built.quote.total / 100);
    expect(built.checkoutDetails.bookingDate).toBe('dates' in built.quote && built.quote.dates[0] ? built.quote.dates[0] : today);
  });

  it.each<[string, ProductChoice, string, string]>([
    ['dedicated_office', { product: 'office_monthly' }, 'monthly', 'monthly'],
    ['dedicated_office', { product: 'office_lease' }, 'lease', 'lease'],
    ['dedicated_office', { product: 'office_daily', dates: ['2026-11-24'] }, 'daily', 'daily'],
    ['assigned_desk', { product: 'standard' }, 'standard', 'monthly'],
    ['conference_room', { product: 'conference_room', date: '2026-11-24' }, 'daily', 'daily'],
    ['mailbox', { product: 'mailbox' }, 'monthly', 'monthly'],
  ])('a %s sends rentalType %j in call 1 and saves %j in checkoutDetails (anything else reads as a lease)', (type, choice, sent, saved) => {
    const built = buildCheckout({ id: 1, office_id: 'X-1', name: 'Unit', service_type: type, is_available: true, base_monthly_rate: '500.00' }, choice, { today, origin })!;
    expect(built.request.pricing.rentalType).toBe(sent);
    expect(built.checkoutDetails.rentalType).toBe(saved);
  });

  it('finds the amounts a client changed by more than a cent', () => {
    const q = quote(office('1200.00'), { product: 'office_monthly' }, today)!;
    const p = checkoutPricing(q);
    expect(amountMismatches(p, q)).toEqual([]);
    expect(amountMismatches({ ...p, totalDueToday: p.totalDueToday + 0.01 }, q)).toEqual([]);
    expect(amountMismatches({ ...p, totalDueToday: p.totalDueToday - 0.02 }, q)).toEqual(['totalDueToday']);
    expect(amountMismatches({ ...p, keyFee: 0, setupFee: 0 }, q)).toEqual(['keyFee', 'setupFee']);
  });
});

describe('properties', () => {
  const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const rate = fc.integer({ min: 1, max: 99_999_999 }).map((c) => (c / 100).toFixed(2));
  const serviceType = fc.constantFrom('dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot', 'mailbox', 'conference_room', 'day_pass');
  const choice = (today: string) =>
    fc.oneof(
      fc.constant<ProductChoice>({ product: 'office_monthly' }),
      fc.constant<ProductChoice>({ product: 'office_lease' }),
      fc.constant<ProductChoice>({ product: 'standard' }),
      fc.constant<ProductChoice>({ product: 'mailbox' }),
      fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 15 }).map<ProductChoice>((ds) => ({ product: 'office_daily', dates: ds.map((d) => addDays(today, d)) })),
      fc.integer({ min: 0, max: 90 }).map<ProductChoice>((d) => ({ product: 'conference_room', date: addDays(today, d) })),
      fc.integer({ min: 0, max: 30 }).map<ProductChoice>((d) => ({ product: 'day_pass', date: addDays(today, d) })),
    );
  const scenario = date.chain((today) => fc.record({ today: fc.constant(today), rate, serviceType, available: fc.boolean(), choice: choice(today) }));

  it('a total is never negative, is the sum of its lines, and every line is an integer number of cents', () => {
    fc.assert(
      fc.property(scenario, ({ today, rate: r, serviceType: t, available, choice: c }) => {
        const q = quote({ service_type: t, is_available: available, base_monthly_rate: r }, c, today);
        if (!q) return;
        expect(q.total).toBeGreaterThanOrEqual(0);
        expect(q.subtotal).toBe(q.lines.reduce((s, l) => s + l.cents, 0));
        expect(q.total).toBe(q.subtotal + q.gst + q.qst);
        for (const l of q.lines) {
          expect(Number.isInteger(l.cents)).toBe(true);
          expect(l.cents).toBeGreaterThanOrEqual(0);
        }
        expect(q.subtotal).toBe(q.proratedFirstMonth + q.lastMonth + q.keyFee + q.setupFee + q.dailyRate * q.totalDays + (q.product === 'mailbox' ? q.monthlyRate : 0));
        expect(amountMismatches(checkoutPricing(q), q)).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('proration never exceeds the month and is the full month on the 1st', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 99_999_999 }), (today, monthly) => {
        const prorated = proratedFirstMonthCents(monthly, today);
        expect(prorated).toBeGreaterThanOrEqual(0);
        expect(prorated).toBeLessThanOrEqual(monthly);
        if (today.endsWith('-01')) expect(prorated).toBe(monthly);
        expect(remainingDaysInMonth(today)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('the lease is never dearer than month to month, and the offer never dearer than the base', () => {
    fc.assert(
      fc.property(rate, fc.boolean(), (r, available) => {
        const u = office(r, available);
        const o = rentalOptions(u);
        expect(o.leaseRate!).toBeLessThanOrEqual(o.monthlyRate!);
        expect(o.monthlyRate!).toBeLessThanOrEqual(rateToCents(r)!);
        expect(o.leaseSavingPerMonth).toBe(o.monthlyRate! - o.leaseRate!);
      }),
    );
  });
});
