import { createFileRoute, redirect, type ErrorComponentProps } from '@tanstack/react-router';
import { defaultCategory, findCategory, type Category } from '../../shared/domain/categories.ts';
import { officesQueryOptions } from '../app/offices.ts';
import { InventoryPage } from '../features/inventory/inventory-page.tsx';
import { InventoryError, InventoryPending } from '../features/inventory/inventory-states.tsx';
import type { UnitActionDialogs } from '../features/inventory/unit-actions.tsx';

/** What each unit's button opens: dialogs of the booking and waitlist features, each its own chunk. */
const unitDialogs: UnitActionDialogs = {
  waitlist: () => import('../features/waitlist/enquiry-dialog.tsx'),
  'rent-office': () => import('../features/booking/rent-office-dialog.tsx'),
  'rent-direct': () => import('../features/booking/rent-direct-dialog.tsx'),
  'book-conference': () => import('../features/booking/conference-dialog.tsx'),
  'buy-day-pass': () => import('../features/booking/day-pass-dialog.tsx'),
  'subscribe-mailbox': () => import('../features/booking/mailbox-dialog.tsx'),
};

export const Route = createFileRoute('/_inventory/$category')({
  beforeLoad: ({ params }) => {
    if (!findCategory(params.category)) throw redirect({ to: '/$category', params: { category: defaultCategory }, replace: true });
  },
  // Not awaited: the page paints at once with the loading text or the saved snapshot.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(officesQueryOptions());
  },
  // Each category is a page of its own: its open dialog, opened rows and highlight do not carry over.
  remountDeps: ({ params }) => params,
  component: CategoryRoute,
  pendingComponent: CategoryPending,
  errorComponent: CategoryError,
});

function useCategory(): Category {
  const { category: slug } = Route.useParams();
  return findCategory(slug) ?? findCategory(defaultCategory)!;
}

function CategoryRoute() {
  return <InventoryPage category={useCategory()} dialogs={unitDialogs} />;
}

function CategoryPending() {
  return <InventoryPending category={useCategory()} />;
}

function CategoryError({ error, reset }: ErrorComponentProps) {
  return <InventoryError category={useCategory()} error={error} reset={reset} />;
}
