import { createFileRoute } from '@tanstack/react-router';
import { ClaimReturn } from '../features/waitlist-offers/claim-return.tsx';
import { PageShell } from './-page-shell.tsx';

/** A cancelled claim checkout comes back here (the address carries no token). */
export const Route = createFileRoute('/waitlist_/offer/')({
  component: () => (
    <PageShell>
      <ClaimReturn />
    </PageShell>
  ),
});
