import { describe, expect, it } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import { addDays } from '../../src/shared/domain/time.ts';
import { cancelAnchor, categoryOfAnchor } from '../../src/shared/domain/categories.ts';
import { unitAction, unitPrice, unitStatus } from '../../src/web/features/inventory/unit-view.ts';

const today = '2026-11-23';
function unit(overrides: Partial<Office>): Office {
  return { id: 1, office_id: 'OFF-1', service_code: null, name: 'Office 1', service_type: 'dedicated_office', location_code: 'F1', seating_capacity: 2, base_monthly_rate: '1000.00', is_available: true, next_available_date: null, ...overrides };
}

describe('action buttons by type (SPEC §2)', () => {
  it.each([
    ['dedicated_office', true, 'rent-office', 'rentNow'],
    ['dedicated_office', false, 'waitlist', 'joinWaitlist'],
    ['assigned_desk', true, 'rent-direct', 'rentNow'],
    ['assigned_desk', false, 'waitlist', 'joinWaitlist'],
    ['hotdesk', true, 'rent-direct', 'rentNow'],
    ['hotdesk', false, 'waitlist', 'joinWaitlist'],
    ['parking_spot', true, 'rent-direct', 'rentSpot'],
    ['parking_spot', false, 'waitlist', 'joinWaitlist'],
    ['conference_room', true, 'book-conference', 'bookNow'],
    ['day_pass', true, 'buy-day-pass', 'buyPass'],
    ['mailbox', true, 'subscribe-mailbox', 'subscribe'],
    ['spaceship', true, 'unhandled', 'contactUs'],
  ] as const)('%s available=%s → %s (%s)', (service_type, is_available, kind, label) => {
    expect(unitAction(unit({ service_type, is_available }))).toEqual({ kind, label });
  });

  it('sends an unavailable unit to the waitlist whether its date is near or far', () => {
    for (const days of [10, 180, 181, 400]) {
      expect(unitAction(unit({ is_available: false, next_available_date: addDays(today, days) })).kind).toBe('waitlist');
    }
  });
});

describe('status labels (SPEC §4)', () => {
  it.each([
    [{ is_available: true }, { kind: 'available' }, 'green', null],
    [{ is_available: false, next_available_date: null }, { kind: 'occupied' }, 'grey', null],
    [{ is_available: false, next_available_date: addDays(today, 30) }, { kind: 'lease-end', date: '2026/12/23' }, 'yellow', '2026-12-23'],
    [{ is_available: false, next_available_date: addDays(today, 120) }, { kind: 'lease-end', date: '2027/03/23' }, 'yellow', '2027-03-23'],
    [{ is_available: false, next_available_date: addDays(today, 181) }, { kind: 'long-term' }, 'grey', '2027-05-23'],
  ] as const)('%o', (overrides, label, colour, availableFrom) => {
    const status = unitStatus(unit(overrides), today);
    expect(status.label).toEqual(label);
    expect(status.colour).toBe(colour);
    expect(status.availableFrom).toBe(availableFrom);
  });
});

describe('list prices', () => {
  it('discounts an available dedicated office and says by how much', () => {
    expect(unitPrice(unit({ base_monthly_rate: '1200.00' }))).toEqual({ kind: 'price', amount: 960, per: 'month', original: 1200, percentOff: 20 });
  });
  it('shows an occupied office and other types at their rate', () => {
    expect(unitPrice(unit({ is_available: false, base_monthly_rate: '1200.00' }))).toEqual({ kind: 'price', amount: 1200, per: 'month' });
    expect(unitPrice(unit({ service_type: 'assigned_desk', base_monthly_rate: '450.00' }))).toEqual({ kind: 'price', amount: 450, per: 'month' });
  });
  it('prices conference rooms and day passes per day', () => {
    expect(unitPrice(unit({ service_type: 'conference_room', base_monthly_rate: '350.00' }))).toMatchObject({ amount: 350, per: 'day' });
    expect(unitPrice(unit({ service_type: 'day_pass', base_monthly_rate: '35.00' }))).toMatchObject({ amount: 35, per: 'day' });
  });
  it.each([null, undefined, '', 'abc', '-5'])('says Contact for pricing when the rate is %o', (rate) => {
    expect(unitPrice(unit({ base_monthly_rate: rate }))).toEqual({ kind: 'contact' });
  });
});

it("gives each table row the cancel-return anchor '#office-{office_id}', and rooms, passes and mailboxes their category's", () => {
  expect(cancelAnchor(unit({ office_id: 'OFF-203' }))).toBe('office-OFF-203');
  expect(cancelAnchor(unit({ service_type: 'conference_room', office_id: 'CONF-A' }))).toBe('conference');
  expect(cancelAnchor(unit({ service_type: 'day_pass' }))).toBe('daypass');
  expect(cancelAnchor(unit({ service_type: 'mailbox' }))).toBe('mailbox');
  expect([categoryOfAnchor('conference')?.slug, categoryOfAnchor('daypass')?.slug, categoryOfAnchor('mailbox')?.slug, categoryOfAnchor('office-OFF-203')]).toEqual(['conference', 'day-pass', 'mailbox', undefined]);
});
