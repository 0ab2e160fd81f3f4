import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canCancelDay, cancellationRule, dayCancellationDeadline, refundForDays, rentalEndsOn, type RefundAmounts } from '../../src/shared/domain/cancellation.ts';
import { quote, type Quote } from '../../src/shared/domain/pricing.ts';
import { productNames } from '../../src/shared/domain/products.ts';
import { addDays } from '../../src/shared/domain/time.ts';

const room = cancellationRule('conference_room', 'conference_room');
const pass = cancellationRule('day_pass', 'day_pass');
const officeDay = cancellationRule('office_daily', 'dedicated_office');
if (room.kind !== 'by_day' || pass.kind !== 'by_day' || officeDay.kind !== 'by_day') throw new Error('day products are cancelled by the day');

const minute = 60_000;
const at = (iso: string) => new Date(iso);

describe('the rule of each product', () => {
  it.each([
    ['conference_room', 'conference_room', { kind: 'by_day', opensHour: 7, hoursBefore: 24 }],
    ['day_pass', 'day_pass', { kind: 'by_day', opensHour: 8, hoursBefore: 24 }],
    ['office_daily', 'dedicated_office', { kind: 'by_day', opensHour: 8, hoursBefore: 24 }],
    ['office_monthly', 'dedicated_office', { kind: 'notice', noticeDays: 30, minimumTermMonths: null }],
    ['standard', 'hotdesk', { kind: 'notice', noticeDays: 30, minimumTermMonths: null }],
    ['mailbox', 'mailbox', { kind: 'notice', noticeDays: 30, minimumTermMonths: null }],
    ['standard', 'assigned_desk', { kind: 'notice', noticeDays: 30, minimumTermMonths: 3 }],
    ['standard', 'parking_spot', { kind: 'notice', noticeDays: 30, minimumTermMonths: 12 }],
    ['office_lease', 'dedicated_office', { kind: 'contact' }],
  ] as const)('%s of a %s', (product, serviceType, expected) => {
    expect(cancellationRule(product, serviceType)).toEqual(expected);
  });

  it('every product has one', () => {
    for (const product of productNames) expect(['by_day', 'notice', 'contact']).toContain(cancellationRule(product, 'dedicated_office').kind);
  });
});

describe('a booked day: free cancellation until 24 hours before it opens, at the space’s clock', () => {
  it.each([
    // A room on Tuesday 24 November 2026 opens at 7 AM EST (12:00 UTC): the deadline is Monday 7 AM.
    ['room', room, '2026-11-24', '2026-11-23T12:00:00Z'],
    // A pass and an office day open at 8 AM.
    ['day pass', pass, '2026-11-24', '2026-11-23T13:00:00Z'],
    ['office day', officeDay, '2026-11-24', '2026-11-23T13:00:00Z'],
    // The first of a month: the deadline is on the last day of the month before.
    ['room on the 1st', room, '2026-12-01', '2026-11-30T12:00:00Z'],
    ['room on 1 March after a 28-day February', room, '2027-03-01', '2027-02-28T12:00:00Z'],
    // Summer time: 7 AM EDT is 11:00 UTC.
    ['room in July', room, '2027-07-06', '2027-07-05T11:00:00Z'],
  ])('%s on %s: until %s', (_name, rule, date, deadline) => {
    expect(dayCancellationDeadline(rule, date).toISOString()).toBe(at(deadline).toISOString());
    expect(canCancelDay(rule, date, new Date(at(deadline).getTime() - minute))).toBe(true);
    expect(canCancelDay(rule, date, at(deadline))).toBe(false);
    expect(canCancelDay(rule, date, new Date(at(deadline).getTime() + minute))).toBe(false);
  });

  it('24 hours exactly before the opening hour is already too late; a millisecond before is not', () => {
    const opening = at('2026-11-24T12:00:00Z');
    const deadline = new Date(opening.getTime() - 24 * 3_600_000);
    expect(canCancelDay(room, '2026-11-24', deadline)).toBe(false);
    expect(canCancelDay(room, '2026-11-24', new Date(deadline.getTime() - 1))).toBe(true);
  });

  it('spring forward: an office day on Sunday 14 March 2027 closes at 8 AM on Saturday, 23 real hours before it opens', () => {
    // Saturday 8 AM EST is 13:00 UTC; Sunday 8 AM EDT is 12:00 UTC.
    const deadline = dayCancellationDeadline(officeDay, '2027-03-14');
    expect(deadline.toISOString()).toBe('2027-03-13T13:00:00.000Z');
    expect(canCancelDay(officeDay, '2027-03-14', at('2027-03-13T12:59:00Z'))).toBe(true);
    expect(canCancelDay(officeDay, '2027-03-14', at('2027-03-13T13:01:00Z'))).toBe(false);
    // The Monday after: both 7 AMs are in summer time.
    expect(dayCancellationDeadline(room, '2027-03-15').toISOString()).toBe('2027-03-14T11:00:00.000Z');
  });

  it('fall back: an office day on Sunday 1 November 2026 closes at 8 AM on Saturday, 25 real hours before it opens', () => {
    // Saturday 8 AM EDT is 12:00 UTC; Sunday 8 AM EST is 13:00 UTC.
    const deadline = dayCancellationDeadline(officeDay, '2026-11-01');
    expect(deadline.toISOString()).toBe('2026-10-31T12:00:00.000Z');
    expect(canCancelDay(officeDay, '2026-11-01', at('2026-10-31T11:59:00Z'))).toBe(true);
    expect(canCancelDay(officeDay, '2026-11-01', at('2026-10-31T12:01:00Z'))).toBe(false);
    expect(dayCancellationDeadline(room, '2026-11-02').toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });

  it('a day that has passed, or today, cannot be cancelled', () => {
    expect(canCancelDay(room, '2026-11-23', at('2026-11-23T14:00:00Z'))).toBe(false);
    expect(canCancelDay(room, '2026-11-20', at('2026-11-23T14:00:00Z'))).toBe(false);
  });
});

describe('notice on a rental: it ends 30 days after the notice, never before the minimum term', () => {
  const notice = (product: 'office_monthly' | 'standard' | 'mailbox', serviceType: string) => {
    const rule = cancellationRule(product, serviceType);
    if (rule.kind !== 'notice') throw new Error('not a rental');
    return rule;
  };
  it.each([
    ['a hot desk', notice('standard', 'hotdesk'), '2026-11-02', '2026-11-23', '2026-12-23'],
    ['a mailbox', notice('mailbox', 'mailbox'), '2026-11-02', '2026-11-23', '2026-12-23'],
    ['a month-to-month office', notice('office_monthly', 'dedicated_office'), '2026-11-23', '2026-11-23', '2026-12-23'],
    // Notice on the last day of January: 30 days later is 2 March.
    ['notice on 31 January', notice('standard', 'hotdesk'), '2026-11-02', '2027-01-31', '2027-03-02'],
    // An assigned desk from 23 November: its 3 months run through 22 February.
    ['an assigned desk, notice in its first month', notice('standard', 'assigned_desk'), '2026-11-23', '2026-11-25', '2027-02-22'],
    ['an assigned desk, notice once the term is nearly done', notice('standard', 'assigned_desk'), '2026-11-23', '2027-02-01', '2027-03-03'],
    // From 31 January, 3 months run through 29 April (30 April is 3 months after).
    ['an assigned desk started on 31 January', notice('standard', 'assigned_desk'), '2027-01-31', '2027-02-01', '2027-04-29'],
    ['a parking spot: 12 months', notice('standard', 'parking_spot'), '2026-11-23', '2026-11-24', '2027-11-22'],
    ['a parking spot, notice a week before its year ends', notice('standard', 'parking_spot'), '2026-11-23', '2027-11-15', '2027-12-15'],
    ['a dedicated office rented by the month at the list offer: 12 months', notice('standard', 'dedicated_office'), '2026-11-23', '2026-11-24', '2027-11-22'],
  ])('%s', (_name, rule, start, noticeDate, endsOn) => {
    expect(rentalEndsOn(rule, start, noticeDate)).toBe(endsOn);
  });
});

function dailyQuote(dayCents: number, days: number): Quote {
  const dates = Array.from({ length: days }, (_, i) => addDays('2026-11-24', i));
  const q = quote({ service_type: 'dedicated_office', is_available: true, base_monthly_rate: (dayCents * 10) / 100 }, { product: 'office_daily', dates }, '2026-11-23');
  if (!q) throw new Error('no quote');
  return q;
}

describe('what cancelling days refunds, taxes included', () => {
  it('a room: the whole order, GST and QST included', () => {
    const q = quote({ service_type: 'conference_room', is_available: true, base_monthly_rate: '220' }, { product: 'conference_room', date: '2026-11-24' }, '2026-11-23')!;
    const refund = refundForDays(q, [], ['2026-11-24']);
    expect(refund).toEqual({ lines: q.lines, subtotal: 22_000, gst: 1_100, qst: 2_195, total: 25_295 });
    expect(refund.total).toBe(q.total);
  });

  it('one day of three at $123.45: that day and its taxes, each rounded once', () => {
    const q = dailyQuote(12_345, 3);
    expect(q.total).toBe(37_035 + 1_852 + 3_694);
    const first = refundForDays(q, [], ['2026-11-25']);
    // 5% of 123.45 = 6.1725 → 6.17; 9.975% = 12.314… → 12.31.
    expect(first).toMatchObject({ subtotal: 12_345, gst: 617, qst: 1_231, total: 14_193 });
    expect(first.lines.map((l) => l.date)).toEqual(['2026-11-25']);
  });

  it('the last days give back exactly what is left, so the refunds add up to the total paid', () => {
    const q = dailyQuote(12_345, 3);
    const refunds: RefundAmounts[] = [];
    for (const date of ['2026-11-25', '2026-11-24', '2026-11-26']) refunds.push(refundForDays(q, refunds, [date]));
    // Rounded per refund the three would be 3 × (6.17 + 12.31) = 55.44; the order's taxes are 55.46.
    expect(refunds.map((r) => r.total)).toEqual([14_193, 14_193, 14_195]);
    expect(refunds.reduce((n, r) => n + r.total, 0)).toBe(q.total);
    expect(refunds.reduce((n, r) => n + r.gst, 0)).toBe(q.gst);
    expect(refunds.reduce((n, r) => n + r.qst, 0)).toBe(q.qst);
  });

  it('whatever the prices and however the days are cancelled, the refunds add up to the total paid and never exceed it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 1, max: 14 }).chain((days) => fc.tuple(fc.constant(days), fc.shuffledSubarray(Array.from({ length: days }, (_, i) => i), { minLength: days, maxLength: days }), fc.integer({ min: 1, max: days }))),
        (dayCents, [days, order, groups]) => {
          const q = dailyQuote(dayCents, days);
          const dates = order.map((i) => addDays('2026-11-24', i));
          const size = Math.ceil(days / groups);
          const refunds: RefundAmounts[] = [];
          for (let i = 0; i < dates.length; i += size) {
            const refund = refundForDays(q, refunds, dates.slice(i, i + size));
            expect(refund.total).toBeGreaterThan(0);
            expect(refund.gst).toBeGreaterThanOrEqual(0);
            expect(refund.qst).toBeGreaterThanOrEqual(0);
            refunds.push(refund);
            expect(refunds.reduce((n, r) => n + r.total, 0)).toBeLessThanOrEqual(q.total);
          }
          expect(refunds.reduce((n, r) => n + r.total, 0)).toBe(q.total);
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });
});
