import { createFileRoute } from '@tanstack/react-router';
import { Shell } from '../app/shell.tsx';
import { officesQueryOptions } from '../features/inventory/api/get-offices.ts';
import { WaitlistPage } from '../features/waitlist/waitlist-page.tsx';

export const Route = createFileRoute('/waitlist')({
  // Not awaited: the page paints at once, with the saved office list when there is one.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(officesQueryOptions());
  },
  component: () => (
    <Shell>
      <WaitlistPage />
    </Shell>
  ),
});
