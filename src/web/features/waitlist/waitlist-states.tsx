import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ApiRequestError } from '../../app/api.ts';
import { officesQueryOptions } from '../../app/offices.ts';
import { useRouteErrorRetry } from '../../app/route-error.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { LoadingText, RetryAlert } from '../../ui/status.tsx';
import { waitlistFrameCatalogue } from './frame-catalogue.ts';

/*
 * The frame of /waitlist and the route's loading and error states. The router does not split a
 * route's pending component out of the app's entry, so these stay light: the form, the outbox and
 * the success dialog load with the page itself.
 */

/** What /waitlist shows around its content, loading and failing included. */
export function WaitlistLayout({ children }: { children: ReactNode }) {
  const m = useCatalogue(waitlistFrameCatalogue);
  const common = useCatalogue(appCatalogue);
  useEffect(() => {
    document.title = common.pageTitle(m.pageName);
  }, [common, m.pageName]);
  return (
    <div className="waitlist-page">
      <Link to="/" className="button button--ghost waitlist-page__back">
        <span aria-hidden="true">←</span> {m.back}
      </Link>
      <h1>{m.heading}</h1>
      <p>{m.intro}</p>
      {children}
    </div>
  );
}

/** The route's pending component: the office list is on its way. */
export function WaitlistPending() {
  const m = useCatalogue(waitlistFrameCatalogue);
  return (
    <WaitlistLayout>
      <LoadingText>{m.loading}</LoadingText>
    </WaitlistLayout>
  );
}

/** The route's error component. SPEC.md §8: an answer that does not read as the office list is an invalid format; anything else failed to load. */
export function WaitlistError({ error, reset }: { error: unknown; reset: () => void }) {
  const m = useCatalogue(waitlistFrameCatalogue);
  useRouteErrorRetry(reset, officesQueryOptions().queryKey);
  const kind = error instanceof ApiRequestError ? error.problem.kind : undefined;
  const invalid = kind === 'unreadable' || kind === 'refused';
  return (
    <WaitlistLayout>
      <RetryAlert title={invalid ? m.invalidResponse : m.loadFailed} retryLabel={m.tryAgain} onRetry={reset} />
    </WaitlistLayout>
  );
}
