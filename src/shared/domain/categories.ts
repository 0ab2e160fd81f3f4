import type { ServiceType } from './products.ts';

/** The category pills, in the order the inventory page shows them. */
export const categories = [
  { slug: 'conference', serviceType: 'conference_room', layout: 'cards' },
  { slug: 'day-pass', serviceType: 'day_pass', layout: 'cards' },
  { slug: 'mailbox', serviceType: 'mailbox', layout: 'cards' },
  { slug: 'offices', serviceType: 'dedicated_office', layout: 'table' },
  { slug: 'desks', serviceType: 'assigned_desk', layout: 'table' },
  { slug: 'hot-desks', serviceType: 'hotdesk', layout: 'table' },
  { slug: 'parking', serviceType: 'parking_spot', layout: 'table' },
] as const satisfies readonly { slug: string; serviceType: ServiceType; layout: 'cards' | 'table' }[];

export type Category = (typeof categories)[number];
export type CategorySlug = Category['slug'];
export const defaultCategory: CategorySlug = 'conference';

export function findCategory(slug: string | undefined): Category | undefined {
  return categories.find((c) => c.slug === slug);
}

export function categoryOfServiceType(type: ServiceType): Category {
  const found = categories.find((c) => c.serviceType === type);
  if (!found) throw new Error(`no category for ${type}`);
  return found;
}


/**
 * SPEC §2: where a cancelled checkout returns on the home page. Rooms, passes and mailboxes
 * return to their category's list; a rented unit to its own row.
 */
const categoryAnchors: Partial<Record<ServiceType, string>> = { conference_room: 'conference', day_pass: 'daypass', mailbox: 'mailbox' };

export function cancelAnchor(unit: { service_type: string; office_id: string }): string {
  return categoryAnchors[unit.service_type as ServiceType] ?? `office-${unit.office_id}`;
}

/** The card-list anchor of a category, if it has one. */
export function categoryAnchor(category: Category): string | undefined {
  return categoryAnchors[category.serviceType];
}

/** The category an anchor of cancelAnchor points at, for the anchors that name a category. */
export function categoryOfAnchor(anchor: string): Category | undefined {
  return categories.find((c) => categoryAnchors[c.serviceType] === anchor);
}
