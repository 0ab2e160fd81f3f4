import { createFileRoute } from '@tanstack/react-router';
import { manageTokenPattern } from '../../shared/contract/bookings.ts';
import { ManageBookingPage } from '../features/manage-booking/manage-booking-page.tsx';
import type { Returned } from '../features/manage-booking/api/booking.ts';
import { PageShell } from './-page-shell.tsx';

/** A paid order's private manage link; anything that cannot be one is not sent to the server at all. */
export const Route = createFileRoute('/booking/$token')({
  // Back from the payment provider's page (Pay now, Change card): how it went; anything else is ignored.
  validateSearch: (search: Record<string, unknown>): { returned?: Returned } =>
    search.returned === 'paid' || search.returned === 'card' || search.returned === 'cancelled' ? { returned: search.returned } : {},
  component: BookingRoute,
});

function BookingRoute() {
  const { token } = Route.useParams();
  const { returned } = Route.useSearch();
  return (
    <PageShell>
      <ManageBookingPage key={token} token={manageTokenPattern.test(token) ? token : null} returned={returned} />
    </PageShell>
  );
}
