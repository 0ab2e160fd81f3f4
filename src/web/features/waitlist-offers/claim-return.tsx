import { Navigate } from '@tanstack/react-router';
import { secretTokenPattern } from '../../../shared/contract/common.ts';
import { sessionKeys } from '../../../shared/storage-names.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { readSession } from '../../storage/local.ts';
import { waitlistOfferCatalogue } from './catalogue.ts';
import { OfferPage, usePageTitle, WaitlistAgain } from './offer-parts.tsx';

/**
 * Where a cancelled claim checkout comes back to (waitlistPaths.claimReturn): the address the
 * server stores carries no token, so this tab's own note says which offer it was. Without one
 * (another tab, another device), the e-mail's link leads back.
 */
export function ClaimReturn() {
  const m = useCatalogue(waitlistOfferCatalogue);
  const token = readSession(sessionKeys.waitlistClaim);
  usePageTitle(m.claimReturnTitle);
  if (token !== undefined && secretTokenPattern.test(token)) return <Navigate to="/waitlist/offer/$token" params={{ token }} replace />;
  return (
    <OfferPage>
      <h1 className="offer-page__title">{m.claimReturnTitle}</h1>
      <p>{m.claimReturnText}</p>
      <WaitlistAgain />
    </OfferPage>
  );
}
