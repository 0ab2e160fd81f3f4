import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { defaultCategory, findCategory } from '../../shared/domain/categories.ts';
import { InventoryLayout } from '../features/inventory/inventory-layout.tsx';
import { PageShell } from './-page-shell.tsx';

/**
 * Around every category: the shell with its hero, the category pills and the floor plan. They
 * stay while the list below them loads, fails or changes category.
 */
export const Route = createFileRoute('/_inventory')({
  component: InventoryLayoutRoute,
  // Kept in the entry, not in a chunk of its own: every category renders it first, and split out
  // it made the bundler split the router from the entry too, 2.7 KB more gzip before the list renders.
  codeSplitGroupings: [['loader']],
});

function InventoryLayoutRoute() {
  const { category: slug } = useParams({ strict: false });
  const category = findCategory(slug ?? defaultCategory) ?? findCategory(defaultCategory)!;
  return (
    <PageShell hero>
      <InventoryLayout category={category}>
        <Outlet />
      </InventoryLayout>
    </PageShell>
  );
}
