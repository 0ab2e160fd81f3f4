import { useEffect, type ReactNode } from 'react';
import type { Category } from '../../../shared/domain/categories.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { CategoryPills } from './category-pills.tsx';
import { FloorPlan } from './floor-plan.tsx';

/**
 * What stays on screen whatever the list is doing (loading, failed, shown): the category pills,
 * the floor plan button and the page title.
 */
export function InventoryLayout({ category, children }: { category: Category; children: ReactNode }) {
  const common = useCatalogue(appCatalogue);
  const categoryName = common.categories[category.slug];
  useEffect(() => {
    document.title = common.pageTitle(categoryName);
  }, [common, categoryName]);
  return (
    <>
      <CategoryPills current={category.slug} />
      {children}
      <FloorPlan />
    </>
  );
}
