import { createFileRoute } from '@tanstack/react-router';
import { secretTokenPattern } from '../../shared/contract/common.ts';
import { DeclinePage } from '../features/waitlist-offers/decline-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** A waitlist offer's not-interested link; anything that cannot be one is not sent to the server at all. */
export const Route = createFileRoute('/waitlist_/decline/$token')({
  component: DeclineRoute,
});

function DeclineRoute() {
  const { token } = Route.useParams();
  return (
    <PageShell>
      <DeclinePage key={token} token={secretTokenPattern.test(token) ? token : null} />
    </PageShell>
  );
}
