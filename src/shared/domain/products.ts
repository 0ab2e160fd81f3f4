import type { BookingProduct } from './booking-hours.ts';

/** The service_type of an inventory unit (SPEC.md §7 call 3). */
export const serviceTypes = ['dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot', 'mailbox', 'conference_room', 'day_pass'] as const;
export type ServiceType = (typeof serviceTypes)[number];

export function isServiceType(value: string): value is ServiceType {
  return (serviceTypes as readonly string[]).includes(value);
}

/** What people call each kind of unit, on the site, on the checkout page and in the contract. */
export const serviceTypeNames: Record<'en' | 'fr', Record<ServiceType, string>> = {
  en: {
    dedicated_office: 'Private office',
    assigned_desk: 'Assigned desk',
    hotdesk: 'Hot desk',
    parking_spot: 'Parking spot',
    mailbox: 'Mailbox service',
    conference_room: 'Conference room',
    day_pass: 'Day pass',
  },
  fr: {
    dedicated_office: 'Bureau privé',
    assigned_desk: 'Poste attitré',
    hotdesk: 'Poste flexible',
    parking_spot: 'Place de stationnement',
    mailbox: 'Service de boîte postale',
    conference_room: 'Salle de conférence',
    day_pass: 'Passe journalière',
  },
};

/** The call-1 rentalType. SPEC.md names standard, daily and monthly; a lease is sent as 'lease'. */
export const checkoutRentalTypes = ['standard', 'daily', 'monthly', 'lease'] as const;
export type CheckoutRentalType = (typeof checkoutRentalTypes)[number];

/**
 * What a visitor can buy, one row each. Everything else that depends on the product (which
 * call-1 bodies choose it, what a checkout holds, its booking window, what paying does to the
 * unit) is read from here; its amounts are its case in `quote` (pricing.ts).
 */
export interface ProductRule {
  /** The units it is sold for. */
  serviceTypes: readonly ServiceType[];
  /** The rentalType its call-1 body carries. */
  rentalType: CheckoutRentalType;
  /** The call-1 rentalTypes that choose it for one of its units. */
  chosenBy: readonly CheckoutRentalType[];
  /** The dates it is bought for: none (a rental or subscription), exactly one, or one or more. */
  dates: 'none' | 'one' | 'many';
  /** What an unpaid checkout holds: each of its days, the unit from today on, or nothing (no stock). */
  holds: 'days' | 'unit' | 'nothing';
  /** The booking window its dates must fall in. */
  window: BookingProduct | null;
  /** Whether the unit's base_monthly_rate is the price of one day (a room, a pass) rather than a month. */
  unitRate: 'day' | 'month';
  /** Sold only while the unit is available (is_available). */
  needsAvailableUnit: boolean;
  /** Paying for it rents the unit: it leaves the list of available units. */
  rentsUnit: boolean;
}

export const products = {
  office_daily: {
    serviceTypes: ['dedicated_office'],
    rentalType: 'daily',
    chosenBy: ['daily'],
    dates: 'many',
    holds: 'days',
    window: 'office_daily',
    unitRate: 'month',
    needsAvailableUnit: true,
    rentsUnit: false,
  },
  office_monthly: {
    serviceTypes: ['dedicated_office'],
    rentalType: 'monthly',
    chosenBy: ['monthly'],
    dates: 'none',
    holds: 'unit',
    window: null,
    unitRate: 'month',
    needsAvailableUnit: true,
    rentsUnit: true,
  },
  office_lease: {
    serviceTypes: ['dedicated_office'],
    rentalType: 'lease',
    chosenBy: ['lease'],
    dates: 'none',
    holds: 'unit',
    window: null,
    unitRate: 'month',
    needsAvailableUnit: true,
    rentsUnit: true,
  },
  standard: {
    serviceTypes: ['dedicated_office', 'assigned_desk', 'hotdesk', 'parking_spot'],
    rentalType: 'standard',
    chosenBy: ['standard'],
    dates: 'none',
    holds: 'unit',
    window: null,
    unitRate: 'month',
    needsAvailableUnit: true,
    rentsUnit: true,
  },
  conference_room: {
    serviceTypes: ['conference_room'],
    rentalType: 'daily',
    // SPEC.md §7 names no rentalType for a room or a pass: any is taken, the date decides.
    chosenBy: checkoutRentalTypes,
    dates: 'one',
    holds: 'days',
    window: 'conference_room',
    unitRate: 'day',
    needsAvailableUnit: false,
    rentsUnit: false,
  },
  day_pass: {
    serviceTypes: ['day_pass'],
    rentalType: 'daily',
    chosenBy: checkoutRentalTypes,
    dates: 'one',
    holds: 'nothing',
    window: 'day_pass',
    unitRate: 'day',
    needsAvailableUnit: false,
    rentsUnit: false,
  },
  mailbox: {
    serviceTypes: ['mailbox'],
    rentalType: 'monthly',
    chosenBy: ['monthly'],
    dates: 'none',
    holds: 'nothing',
    window: null,
    unitRate: 'month',
    needsAvailableUnit: false,
    rentsUnit: false,
  },
} as const satisfies Record<string, ProductRule>;

export type Product = keyof typeof products;
export const productNames = Object.keys(products) as Product[];

export function productRule(product: Product): ProductRule {
  return products[product];
}

/** The products sold for a kind of unit, in the table's order. */
export function productsFor(serviceType: string): Product[] {
  return productNames.filter((p) => (products[p].serviceTypes as readonly string[]).includes(serviceType));
}

export function productFitsServiceType(product: Product, serviceType: string): boolean {
  return (products[product].serviceTypes as readonly string[]).includes(serviceType);
}

/** Priced per day in the list (a room, a pass); everything else per month. */
export function isPricedPerDay(type: ServiceType): boolean {
  const sold = productsFor(type);
  return sold.length > 0 && sold.every((p) => products[p].unitRate === 'day');
}

/** Units that are rented (and can be waitlisted) rather than booked by the day. */
export const rentableTypes: readonly ServiceType[] = serviceTypes.filter((t) => productsFor(t).some((p) => products[p].rentsUnit));

export function isRentable(type: ServiceType): boolean {
  return rentableTypes.includes(type);
}

/** Products that rent the unit itself: paying for one takes the unit off the list. */
export const unitRentingProducts: readonly Product[] = productNames.filter((p) => products[p].rentsUnit);
