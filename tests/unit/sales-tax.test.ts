import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTaxRate, lineTaxes, quote, taxableCharges, taxedTotal, type ChargeItem, type TaxRules } from '../../src/shared/domain/pricing.ts';
import { site } from '../../src/shared/site.ts';

const quebec: TaxRules = site.taxes;
const off: TaxRules = { ...site.taxes, enabled: false };

describe('which lines are taxable', () => {
  it.each([
    ['prorated_first_month', true],
    ['last_month', true],
    ['key_fee', true],
    ['setup_fee', true],
    ['first_month', true],
    ['day', true],
    ['lease_first_month', true],
    ['move_in_fee', true],
    ['monthly_rent', true],
    ['signup_discount', true],
    ['security_deposit', false],
    ['key_fob_deposit', false],
  ] as const)('%s: %s', (item, taxable) => {
    expect(taxableCharges[item]).toBe(taxable);
    expect(lineTaxes({ item, cents: 10_000 }).gst > 0).toBe(taxable);
  });
});

describe('GST 5% and QST 9.975%, each rounded once per bill', () => {
  it('the site charges GST 5% and QST 9.975%, with their registration numbers', () => {
    expect(site.taxes.enabled).toBe(true);
    expect(formatTaxRate(site.taxes.gst.rateThousandthsOfPercent)).toBe('5');
    expect(formatTaxRate(site.taxes.qst.rateThousandthsOfPercent)).toBe('9.975');
    expect(formatTaxRate(site.taxes.qst.rateThousandthsOfPercent, 'fr')).toBe('9,975');
    expect(site.taxes.gst.registrationNumber).toMatch(/^\d{9} RT\d{4}$/);
    expect(site.taxes.qst.registrationNumber).toMatch(/^\d{10} TQ\d{4}$/);
  });

  it.each([
    // [taxable cents, GST, QST]: QST is on the price before GST, never on GST.
    [100_000, 5_000, 9_975],
    [35_000, 1_750, 3_491], // 3,491.25
    [10, 1, 1], // 0.5 rounds up; 0.9975 rounds up
    [30, 2, 3], // 1.5 up; 2.9925 up
    [1, 0, 0], // 0.05, 0.09975
    [3_900, 195, 389], // 389.025
    [12_345, 617, 1_231], // 617.25; 1,231.41
  ])('%i cents taxable → GST %i, QST %i', (cents, gst, qst) => {
    expect(taxedTotal([{ item: 'day', cents }], quebec)).toEqual({ subtotal: cents, taxable: cents, gst, qst, total: cents + gst + qst });
  });

  it('rounds the order once, not line by line: three 10-cent days bear 2 cents of GST, not 3', () => {
    const lines = [10, 10, 10].map((cents) => ({ item: 'day' as const, cents }));
    const perOrder = taxedTotal(lines, quebec);
    const perLine = lines.map((l) => lineTaxes(l, quebec)).reduce((s, t) => s + t.gst, 0);
    expect(perOrder.gst).toBe(2);
    expect(perLine).toBe(3);
  });

  it('a deposit bears no tax; a signup discount lowers the taxable rent first', () => {
    const t = taxedTotal(
      [
        { item: 'lease_first_month', cents: 100_000 },
        { item: 'security_deposit', cents: 100_000 },
        { item: 'key_fob_deposit', cents: 7_500 },
        { item: 'signup_discount', cents: -20_000 },
      ],
      quebec,
    );
    expect(t).toEqual({ subtotal: 187_500, taxable: 80_000, gst: 4_000, qst: 7_980, total: 199_480 });
  });

  it('a discount above the taxable lines leaves nothing to tax, never a negative tax', () => {
    const t = taxedTotal([{ item: 'lease_first_month', cents: 1_000 }, { item: 'security_deposit', cents: 50_000 }, { item: 'signup_discount', cents: -5_000 }], quebec);
    expect(t).toMatchObject({ taxable: 0, gst: 0, qst: 0, total: 46_000 });
  });

  it('taxes off (a small supplier): nothing is added', () => {
    expect(taxedTotal([{ item: 'day', cents: 35_000 }], off)).toEqual({ subtotal: 35_000, taxable: 35_000, gst: 0, qst: 0, total: 35_000 });
    expect(lineTaxes({ item: 'day', cents: 35_000 }, off)).toEqual({ gst: 0, qst: 0 });
  });

  it('any bill: the total is the subtotal plus each tax, each tax within half a cent of its exact amount', () => {
    const items = Object.keys(taxableCharges).filter((i) => i !== 'signup_discount') as ChargeItem[];
    fc.assert(
      fc.property(fc.array(fc.record({ item: fc.constantFrom(...items), cents: fc.integer({ min: 0, max: 10_000_000 }) }), { maxLength: 70 }), (lines) => {
        const t = taxedTotal(lines, quebec);
        expect(t.subtotal).toBe(lines.reduce((s, l) => s + l.cents, 0));
        expect(t.total).toBe(t.subtotal + t.gst + t.qst);
        expect(Math.abs(t.gst - t.taxable * 0.05)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(t.qst - t.taxable * 0.09975)).toBeLessThanOrEqual(0.5);
        for (const n of [t.gst, t.qst, t.total]) expect(Number.isInteger(n)).toBe(true);
      }),
    );
  });
});

describe('a quote carries its taxes', () => {
  it('a $350 room: $350.00 + GST $17.50 + QST $34.91 = $402.41 charged; SPEC’s totalDueToday stays $350', () => {
    const q = quote({ service_type: 'conference_room', is_available: true, base_monthly_rate: '350.00' }, { product: 'conference_room', date: '2026-11-24' }, '2026-11-23')!;
    expect(q).toMatchObject({ subtotal: 35_000, gst: 1_750, qst: 3_491, total: 40_241 });
  });

  it('a daily office of several days is taxed once on the sum of its days', () => {
    // 5 cents a day cannot be priced; a 1.10 base gives 11 cents a day: 3 days = 33 cents → GST 1.65 → 2, QST 3.29 → 3.
    const q = quote({ service_type: 'dedicated_office', is_available: true, base_monthly_rate: '1.10' }, { product: 'office_daily', dates: ['2026-11-24', '2026-11-25', '2026-11-26'] }, '2026-11-23')!;
    expect(q.lines.map((l) => l.cents)).toEqual([11, 11, 11]);
    expect(q).toMatchObject({ subtotal: 33, gst: 2, qst: 3, total: 38 });
  });
});
