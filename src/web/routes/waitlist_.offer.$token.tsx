import { createFileRoute } from '@tanstack/react-router';
import { secretTokenPattern } from '../../shared/contract/common.ts';
import { ClaimPage, type ClaimChoicesModule } from '../features/waitlist-offers/claim-page.tsx';
import { PageShell } from './-page-shell.tsx';

/** Claiming is renting: Rent Now's choices, from the booking feature, in a chunk of their own. */
const claimChoices: ClaimChoicesModule = () => import('../features/booking/claim-choices.tsx');

/** A waitlist offer's claim link; anything that cannot be one is not sent to the server at all. */
export const Route = createFileRoute('/waitlist_/offer/$token')({
  component: ClaimRoute,
});

function ClaimRoute() {
  const { token } = Route.useParams();
  return (
    <PageShell>
      <ClaimPage key={token} token={secretTokenPattern.test(token) ? token : null} choices={claimChoices} />
    </PageShell>
  );
}
