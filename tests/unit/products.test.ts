import { describe, expect, it } from 'vitest';
import {
  checkoutRentalTypes,
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
});
