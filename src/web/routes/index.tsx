import { createFileRoute, redirect } from '@tanstack/react-router';
import { cancelAnchor, categoryOfAnchor, categoryOfServiceType, defaultCategory, findCategory, type CategorySlug } from '../../shared/domain/categories.ts';
import { isServiceType } from '../../shared/domain/products.ts';
import { officesQueryOptions } from '../app/offices.ts';

/**
 * '/' becomes '/conference'. A cancelled checkout returns to '/#office-{id}', '/#conference',
 * '/#daypass' or '/#mailbox': that anchor opens the category holding the unit.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ location, context }) => {
    const hash = location.hash.replace(/^#/, '');
    let category: CategorySlug = categoryOfAnchor(hash)?.slug ?? defaultCategory;
    if (hash && !categoryOfAnchor(hash)) {
      try {
        const { offices } = await context.queryClient.ensureQueryData(officesQueryOptions());
        const type = offices.find((o) => cancelAnchor(o) === hash)?.service_type;
        if (type && isServiceType(type)) category = categoryOfServiceType(type).slug;
      } catch {
        // Without the list the conference category is the default, as for any other path.
      }
    }
    throw redirect({ to: '/$category', params: { category: findCategory(category)?.slug ?? defaultCategory }, hash: hash || undefined, replace: true });
  },
});
