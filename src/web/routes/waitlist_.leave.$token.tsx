import { createFileRoute } from '@tanstack/react-router';
import { secretTokenPattern } from '../../shared/contract/common.ts';
import { LeavePage } from '../features/waitlist-offers/leave-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** A waitlist entry's leave link; anything that cannot be one is not sent to the server at all. */
export const Route = createFileRoute('/waitlist_/leave/$token')({
  component: LeaveRoute,
});

function LeaveRoute() {
  const { token } = Route.useParams();
  return (
    <PageShell>
      <LeavePage key={token} token={secretTokenPattern.test(token) ? token : null} />
    </PageShell>
  );
}
