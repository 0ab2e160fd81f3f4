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

/** The hours a booked day gives at the space, as hours of its clock (7 to 19: 7 AM to 7 PM). */
export interface OpeningHours {
  opens: number;
  closes: number;
}

/** SPEC.md §5: the days a product can be bought for, counted from today at the space. */
export interface BookingWindowRule {
  /** The last date that can be booked: this many days, or calendar months, after today. */
  ahead: { days: number } | { months: number };
  weekdaysOnly: boolean;
  /** Today can be bought only before this hour at the space; null: all day. */
  sameDayUntilHour: number | null;
}

/**
 * How a customer ends a product online: each booked day cancelled and refunded until shortly
 * before it opens, notice given on a rental, or a word with the space (a lease). The rules
 * themselves, with their dates, are in cancellation.ts.
 */
export type CancellationKind = 'by_day' | 'notice' | 'contact';

/** The building's day: a day pass's, and a daily office's. */
const buildingDay = { opens: 8, closes: 18 } as const;

/**
 * What a visitor can buy, one row each. Everything else that depends on the product (which
 * call-1 bodies choose it, what a checkout holds, its booking window and hours, how it is
 * cancelled, what paying does to the unit) is read from here; its amounts are its case in
 * `quote` (pricing.ts).
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
  /** The booking window its dates must fall in; null for a product bought without dates. */
  window: BookingWindowRule | null;
  /** The hours each of its days gives at the space; null without dates. */
  hours: OpeningHours | null;
  /** How it is ended online (the rule with its numbers: cancellation.ts). */
  cancellation: CancellationKind;
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
    window: { ahead: { days: 14 }, weekdaysOnly: false, sameDayUntilHour: null },
    hours: buildingDay,
    cancellation: 'by_day',
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
    hours: null,
    cancellation: 'notice',
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
    hours: null,
    cancellation: 'contact',
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
    hours: null,
    cancellation: 'notice',
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
    window: { ahead: { months: 3 }, weekdaysOnly: true, sameDayUntilHour: null },
    hours: { opens: 7, closes: 19 },
    cancellation: 'by_day',
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
    window: { ahead: { days: 30 }, weekdaysOnly: true, sameDayUntilHour: 12 },
    hours: buildingDay,
    cancellation: 'by_day',
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
    hours: null,
    cancellation: 'notice',
    unitRate: 'month',
    needsAvailableUnit: false,
    rentsUnit: false,
  },
} as const satisfies Record<string, ProductRule>;

export type Product = keyof typeof products;
export const productNames = Object.keys(products) as Product[];

/** The products bought for dates: each has a booking window and hours. */
export type BookingProduct = { [P in Product]: (typeof products)[P]['window'] extends null ? never : P }[Product];

export function isBookingProduct(product: Product): product is BookingProduct {
  return products[product].window !== null;
}

export function productRule(product: Product): ProductRule {
  return products[product];
}

/** A product bought without dates is a rental or a subscription: it is billed every month until it ends (billing.ts). */
export function isBilledMonthly(product: Product): boolean {
  return products[product].dates === 'none';
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

/**
 * The hours of a booked day of a unit of this type: those of the dated product it is sold as
 * (a room's day, a pass's or an office's); null for a unit that is never booked by the day.
 */
export function dayHoursOf(serviceType: string): OpeningHours | null {
  for (const product of productsFor(serviceType)) {
    const hours: OpeningHours | null = products[product].hours;
    if (hours) return hours;
  }
  return null;
}

/** Products that rent the unit itself: paying for one takes the unit off the list. */
export const unitRentingProducts: readonly Product[] = productNames.filter((p) => products[p].rentsUnit);

/**
 * How the public list shows each kind of unit: facts of the service type rather than of a
 * product, since one unit (an office) is sold as several products under one category and one
 * button.
 */
export interface ServiceTypeRule {
  /** The category pill it is listed under: its slug in the URL. */
  category: string;
  /** Cards (a few services, each described) or a table (many units to compare). */
  layout: 'cards' | 'table';
  /** SPEC §2: where a cancelled checkout returns on the home page; null: to the unit's own row. */
  cancelAnchor: string | null;
  /** SPEC §2 'Action buttons by type': what its button does while it is on sale, and its words. */
  action: {
    kind: 'rent-office' | 'rent-direct' | 'book-conference' | 'buy-day-pass' | 'subscribe-mailbox';
    label: 'rentNow' | 'rentSpot' | 'bookNow' | 'buyPass' | 'subscribe';
  };
}

/** One row a service type, in the order the inventory page shows its category pills. */
export const serviceTypeRules = {
  conference_room: { category: 'conference', layout: 'cards', cancelAnchor: 'conference', action: { kind: 'book-conference', label: 'bookNow' } },
  day_pass: { category: 'day-pass', layout: 'cards', cancelAnchor: 'daypass', action: { kind: 'buy-day-pass', label: 'buyPass' } },
  mailbox: { category: 'mailbox', layout: 'cards', cancelAnchor: 'mailbox', action: { kind: 'subscribe-mailbox', label: 'subscribe' } },
  dedicated_office: { category: 'offices', layout: 'table', cancelAnchor: null, action: { kind: 'rent-office', label: 'rentNow' } },
  assigned_desk: { category: 'desks', layout: 'table', cancelAnchor: null, action: { kind: 'rent-direct', label: 'rentNow' } },
  hotdesk: { category: 'hot-desks', layout: 'table', cancelAnchor: null, action: { kind: 'rent-direct', label: 'rentNow' } },
  parking_spot: { category: 'parking', layout: 'table', cancelAnchor: null, action: { kind: 'rent-direct', label: 'rentSpot' } },
} as const satisfies Record<ServiceType, ServiceTypeRule>;
