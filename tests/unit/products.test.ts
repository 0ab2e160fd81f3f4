import { describe, expect, it } from 'vitest';
import { categories } from '../../src/shared/domain/categories.ts';
import {
  checkoutRentalTypes,
  dayHoursOf,
  isBookingProduct,
  isPricedPerDay,
  isRentable,
  productNames,
  productRule,
  productsFor,
  rentableTypes,
  serviceTypes,
  unitRentingProducts,
} from '../../src/shared/domain/products.ts';

describe('the product table', () => {
  it.each([
    ['dedicated_office', ['office_daily', 'office_monthly', 'office_lease', 'standard']],
    ['assigned_desk', ['standard']],
    ['hotdesk', ['standard']],
    ['parking_spot', ['standard']],
    ['mailbox', ['mailbox']],
    ['conference_room', ['conference_room']],
    ['day_pass', ['day_pass']],
  ])('sells %s as %j', (type, expected) => {
    expect(productsFor(type)).toEqual(expected);
  });

  it('sells nothing for a type it does not know', () => {
    expect(productsFor('spaceship')).toEqual([]);
  });

  it('waitlists exactly the units that are rented (SPEC.md §4)', () => {
    expect(rentableTypes).toEqual(['dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot']);
    expect(serviceTypes.filter(isRentable)).toEqual(rentableTypes);
  });

  it('prices rooms and passes by the day, everything else by the month', () => {
    expect(serviceTypes.filter(isPricedPerDay)).toEqual(['conference_room', 'day_pass']);
  });

  it('takes a unit off the list only for the rentals', () => {
    expect(unitRentingProducts).toEqual(['office_monthly', 'office_lease', 'standard']);
  });

  it.each(productNames)('%s is chosen back by the rentalType its own body carries', (product) => {
    const rule = productRule(product);
    expect(rule.chosenBy).toContain(rule.rentalType);
  });

  it.each(serviceTypes)('no call-1 rentalType chooses two products for a %s', (type) => {
    for (const rentalType of checkoutRentalTypes) {
      expect(productsFor(type).filter((p) => productRule(p).chosenBy.includes(rentalType)).length).toBeLessThanOrEqual(1);
    }
  });

  it.each(productNames)('%s: a booking window or a hold of days comes with dates, a unit hold with none', (product) => {
    const rule = productRule(product);
    if (rule.window !== null || rule.holds === 'days') expect(rule.dates).not.toBe('none');
    if (rule.holds === 'unit') expect(rule.dates).toBe('none');
    if (rule.rentsUnit) expect(rule.needsAvailableUnit).toBe(true);
  });

  it.each(productNames)('%s: bought for dates exactly when it has a booking window and hours, and then cancelled by the day', (product) => {
    const rule = productRule(product);
    const dated = rule.dates !== 'none';
    expect(isBookingProduct(product)).toBe(dated);
    expect(rule.hours !== null).toBe(dated);
    expect(rule.cancellation === 'by_day').toBe(dated);
  });

  it.each([
    ['dedicated_office', { opens: 8, closes: 18 }],
    ['conference_room', { opens: 7, closes: 19 }],
    ['day_pass', { opens: 8, closes: 18 }],
    ['assigned_desk', null],
    ['mailbox', null],
    ['spaceship', null],
  ])('a booked day of a %s gives the hours %j', (type, hours) => {
    expect(dayHoursOf(type)).toEqual(hours);
  });

  it('gives each service type a category pill of its own', () => {
    // That each type has one is serviceTypeRules' type (satisfies Record<ServiceType, …>); no two share a slug.
    expect(new Set(categories.map((c) => c.slug)).size).toBe(serviceTypes.length);
  });
});
