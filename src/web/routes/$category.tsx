import { createFileRoute, redirect } from '@tanstack/react-router';
import { defaultCategory, findCategory } from '../../shared/domain/categories.ts';
import { Shell } from '../app/shell.tsx';
import { CategoryPills } from '../features/inventory/category-pills.tsx';
import { officesQueryOptions } from '../features/inventory/api/get-offices.ts';
import { InventoryPage } from '../features/inventory/inventory-page.tsx';

export const Route = createFileRoute('/$category')({
  beforeLoad: ({ params }) => {
    if (!findCategory(params.category)) throw redirect({ to: '/$category', params: { category: defaultCategory }, replace: true });
  },
  // Not awaited: the page paints at once with the loading text or the saved snapshot.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(officesQueryOptions());
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { category: slug } = Route.useParams();
  const category = findCategory(slug) ?? findCategory(defaultCategory)!;
  return (
    <Shell hero>
      <CategoryPills current={category.slug} />
      <InventoryPage key={category.slug} category={category} />
    </Shell>
  );
}
