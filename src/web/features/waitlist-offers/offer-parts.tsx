import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { formatCad, listPrice } from '../../../shared/domain/pricing.ts';
import { isServiceType } from '../../../shared/domain/products.ts';
import { site } from '../../../shared/site.ts';
import { useOnline } from '../../app/use-online.ts';
import { appCatalogue } from '../../i18n/app-catalogue.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { LoadingText, RetryAlert } from '../../ui/status.tsx';
import { linkProblem, type LinkProblem } from './api/offer-links.ts';
import { waitlistOfferCatalogue, type EndedAs } from './catalogue.ts';
import './waitlist-offers.css';
import '../../ui/info-card.css';

/** The tab's title: the page's name, a hyphen, then the product name (as every page). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${site.productName}`;
  }, [title]);
}

/** A link's page: one column, phone first. */
export function OfferPage({ children }: { children: ReactNode }) {
  return <div className="offer-page">{children}</div>;
}

export function WaitlistAgain() {
  const m = useCatalogue(waitlistOfferCatalogue);
  return (
    <p className="offer-page__again">
      {m.waitlistAgain}{' '}
      <Link to="/waitlist" className="button button--secondary">
        {m.joinWaitlist}
      </Link>
    </p>
  );
}

/** A page that is still waiting for its answer: loading, or paused until the device is back online. */
export function LinkLoading({ title, loading, offline }: { title: string; loading: string; offline: string | null }) {
  return (
    <OfferPage>
      <h1 className="offer-page__title">{title}</h1>
      {offline ? <Alert tone="warning">{offline}</Alert> : <LoadingText>{loading}</LoadingText>}
    </OfferPage>
  );
}

/**
 * Why a link's page shows nothing else: an unknown link, an ended offer (with how it ended when
 * the server said), too many attempts, or an answer that did not come.
 */
export function LinkProblemView({ problem, subject, onRetry, retrying = false }: { problem: LinkProblem; subject: 'offer' | 'entry'; onRetry?: () => void; retrying?: boolean }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  if (problem.kind === 'closed') return <EndedOffer endedAs={problem.status} />;
  if (problem.kind === 'unknown') {
    return (
      <OfferPage>
        <h1 className="offer-page__title">{subject === 'offer' ? m.unknownOfferTitle : m.unknownEntryTitle}</h1>
        <p>{m.unknownText}</p>
        <WaitlistAgain />
      </OfferPage>
    );
  }
  const title = subject === 'offer' ? m.offerLoadFailedTitle : m.entryLoadFailedTitle;
  return (
    <OfferPage>
      <h1 className="offer-page__title">{title}</h1>
      <RetryAlert title={problem.kind === 'rate-limited' ? m.rateLimited(problem.seconds) : (problem.text ?? m.loadFailed)} retryLabel={m.tryAgain} onRetry={() => onRetry?.()} disabled={retrying} />
    </OfferPage>
  );
}

/**
 * A page that a link's token opens (an offer to claim or decline, a waitlist entry to leave):
 * a token that cannot be one is an unknown link; then what the link shows once loaded, or why it
 * cannot (with Try again), or that it loads (or waits for a connection). For an offer, an answer
 * that says it ended replaces what is shown; otherwise a failed refresh leaves what is shown.
 */
export function LinkPage<T>({
  token,
  query,
  subject,
  title,
  loading,
  offline,
  children,
}: {
  token: string | null;
  query: UseQueryResult<T, unknown>;
  subject: 'offer' | 'entry';
  title: string;
  loading: string;
  offline: string;
  children: (data: T, token: string) => ReactNode;
}) {
  const online = useOnline();
  const { lang } = useLanguage();
  usePageTitle(title);
  if (token === null) return <LinkProblemView problem={{ kind: 'unknown' }} subject={subject} />;
  const problem = query.isError ? linkProblem(query.error, lang) : null;
  const gone = subject === 'offer' && (problem?.kind === 'closed' || problem?.kind === 'unknown');
  if (query.data !== undefined && !gone) return <>{children(query.data, token)}</>;
  if (problem) return <LinkProblemView problem={problem} subject={subject} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <LinkLoading title={title} loading={loading} offline={query.fetchStatus === 'paused' || !online ? offline : null} />;
}

/**
 * The one change a link's page makes (a POST: decline the offer, leave the waitlist), asked to be
 * sure: why it failed, that it needs a connection, and its button, busy while it is sent.
 */
export function LinkAction({ failure, pending, danger = false, label, busyLabel, onSend }: { failure: string | null; pending: boolean; danger?: boolean; label: string; busyLabel: string; onSend: () => void }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const online = useOnline();
  return (
    <>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {online ? null : <Alert tone="warning">{m.needsConnection}</Alert>}
      <div className="offer-page__actions">
        <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onSend} disabled={!online || pending} aria-busy={pending}>
          {pending ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

/** An offer that is no longer open, said plainly, with the way back to the waitlist. */
export function EndedOffer({ endedAs, unit, expiresAt }: { endedAs: EndedAs; unit?: Office; expiresAt?: string }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const { locale } = useLanguage();
  const ended = m.ended[endedAs ?? 'unknown'];
  return (
    <OfferPage>
      <h1 className="offer-page__title">{ended.title}</h1>
      <p>{ended.text}</p>
      {unit ? <p>{m.offerWasFor(unit.name)}</p> : null}
      {endedAs === 'expired' && expiresAt ? <p>{m.endedOn(formatDateTime(expiresAt, locale))}</p> : null}
      <WaitlistAgain />
    </OfferPage>
  );
}

/** The result of a POST, given the focus when it arrives, so a screen reader reads it at once. */
export function LinkResult({ tone, title, children }: { tone: 'success' | 'warning' | 'info'; title: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="offer-page__result">
      <Alert tone={tone} title={title}>
        {children}
      </Alert>
    </div>
  );
}

/** The unit an offer is for: what it is, where, for how many, and its monthly rate as the list shows it. */
export function UnitFacts({ unit }: { unit: Office }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const common = useCatalogue(appCatalogue);
  const { lang } = useLanguage();
  const price = listPrice(unit);
  return (
    <section className="info-card" aria-labelledby="offer-unit-heading">
      <h2 id="offer-unit-heading">{m.spaceTitle}</h2>
      <p className="offer-unit__name">{unit.name}</p>
      <dl className="info-list">
        <div>
          <dt>{m.type}</dt>
          <dd>{isServiceType(unit.service_type) ? common.serviceTypes[unit.service_type] : unit.service_type}</dd>
        </div>
        {unit.location_code ? (
          <div>
            <dt>{m.location}</dt>
            <dd>{unit.location_code}</dd>
          </div>
        ) : null}
        {unit.seating_capacity ? (
          <div>
            <dt>{m.capacity}</dt>
            <dd>{m.people(unit.seating_capacity)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.monthlyRate}</dt>
          <dd>
            {price ? (
              <span className="price">
                {price.originalCents !== null ? (
                  <>
                    <s className="price__original">
                      <span className="visually-hidden">{m.originalPrice} </span>
                      {formatCad(price.originalCents, lang)}
                    </s>{' '}
                  </>
                ) : null}
                <span className="price__amount">{formatCad(price.priceCents, lang)}</span>
                <span className="price__per">{m.perMonth}</span>
                {price.percentOff !== null ? <span className="price__off"> {m.percentOff(price.percentOff)}</span> : null}
              </span>
            ) : (
              m.contactForPricing
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
