import { createFileRoute, redirect } from '@tanstack/react-router';
import { categoryOfServiceType, defaultCategory, findCategory, serviceTypes, type CategorySlug, type ServiceType } from '../../shared/domain/categories.ts';
import { officesQueryOptions } from '../features/inventory/api/get-offices.ts';

const cardAnchors: Record<string, CategorySlug> = { conference: 'conference', daypass: 'day-pass', mailbox: 'mailbox' };

/**
 * '/' becomes '/conference'. A cancelled checkout returns to '/#office-{id}', '/#conference',
 * '/#daypass' or '/#mailbox': that anchor opens the category holding the unit.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ location, context }) => {
    const hash = location.hash.replace(/^#/, '');
    let category: CategorySlug = defaultCategory;
    if (cardAnchors[hash]) category = cardAnchors[hash];
    else if (hash.startsWith('office-')) {
      const officeId = hash.slice('office-'.length);
      try {
        const { offices } = await context.queryClient.ensureQueryData(officesQueryOptions());
        const type = offices.find((o) => o.office_id === officeId)?.service_type;
        if (type && (serviceTypes as readonly string[]).includes(type)) category = categoryOfServiceType(type as ServiceType).slug;
      } catch {
        // Without the list the conference category is the default, as for any other path.
      }
    }
    throw redirect({ to: '/$category', params: { category: findCategory(category)?.slug ?? defaultCategory }, hash: hash || undefined, replace: true });
  },
});
