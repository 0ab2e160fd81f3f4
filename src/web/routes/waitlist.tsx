import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { officesQueryOptions } from '../app/offices.ts';
import { WaitlistPage } from '../features/waitlist/waitlist-page.tsx';
import { WaitlistError, WaitlistPending } from '../features/waitlist/waitlist-states.tsx';
import { PageShell } from './-page-shell.tsx';

/** ?edit= names an entry on this device to correct, by its Idempotency-Key (a UUID). */
const searchSchema = z.object({ edit: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/))) });

export const Route = createFileRoute('/waitlist')({
  validateSearch: (search: Record<string, unknown>): z.infer<typeof searchSchema> => {
    const parsed = searchSchema.safeParse(search);
    return parsed.success ? parsed.data : {};
  },
  // Not awaited: the page paints at once, with the saved office list when there is one.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(officesQueryOptions());
  },
  // Its states load with its page, not in the entry every route downloads.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent']],
  component: WaitlistRoute,
  pendingComponent: () => (
    <PageShell>
      <WaitlistPending />
    </PageShell>
  ),
  errorComponent: ({ error, reset }: ErrorComponentProps) => (
    <PageShell>
      <WaitlistError error={error} reset={reset} />
    </PageShell>
  ),
});

function WaitlistRoute() {
  const { edit } = Route.useSearch();
  return (
    <PageShell>
      <WaitlistPage editKey={edit} />
    </PageShell>
  );
}
