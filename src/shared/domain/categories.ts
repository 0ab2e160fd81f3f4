import { isServiceType, serviceTypeRules, type ServiceType } from './products.ts';

type Rules = typeof serviceTypeRules;

/** A category pill: the units of one service type, as its row of the service-type table lists them. */
export type Category = { [T in ServiceType]: { slug: Rules[T]['category']; serviceType: T; layout: Rules[T]['layout'] } }[ServiceType];
export type CategorySlug = Category['slug'];

/** The category pills, in the order the inventory page shows them. */
export const categories: readonly Category[] = (Object.keys(serviceTypeRules) as ServiceType[]).map(
  (serviceType) => ({ slug: serviceTypeRules[serviceType].category, serviceType, layout: serviceTypeRules[serviceType].layout }) as Category,
);

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
export function cancelAnchor(unit: { service_type: string; office_id: string }): string {
  return (isServiceType(unit.service_type) ? serviceTypeRules[unit.service_type].cancelAnchor : null) ?? `office-${unit.office_id}`;
}

/** The card-list anchor of a category, if it has one. */
export function categoryAnchor(category: Category): string | undefined {
  return serviceTypeRules[category.serviceType].cancelAnchor ?? undefined;
}

/** The category an anchor of cancelAnchor points at, for the anchors that name a category. */
export function categoryOfAnchor(anchor: string): Category | undefined {
  return categories.find((c) => serviceTypeRules[c.serviceType].cancelAnchor === anchor);
}
