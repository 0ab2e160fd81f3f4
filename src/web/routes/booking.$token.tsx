import { createFileRoute } from '@tanstack/react-router';
import { manageTokenPattern } from '../../shared/contract/bookings.ts';
import { ManageBookingPage } from '../features/manage-booking/manage-booking-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** A paid order's private manage link; anything that cannot be one is not sent to the server at all. */
export const Route = createFileRoute('/booking/$token')({
  component: BookingRoute,
});

function BookingRoute() {
  const { token } = Route.useParams();
  return (
    <PageShell>
      <ManageBookingPage key={token} token={manageTokenPattern.test(token) ? token : null} />
    </PageShell>
  );
}
