import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { declineOffer } from './api/decline-offer.ts';
import { declineOfferQueryOptions, type LoadedOffer } from './api/get-waitlist-offer.ts';
import { linkProblem } from './api/offer-links.ts';
import { waitlistOfferCatalogue } from './catalogue.ts';
import { EndedOffer, LinkAction, LinkPage, LinkResult, OfferPage, UnitFacts, WaitlistAgain } from './offer-parts.tsx';
import { useSendOnce } from './send-once.ts';

/**
 * /waitlist/decline/{decline token}: 'not interested', asked to be sure (an e-mail scanner that
 * opens the link declines nothing: only the button's POST does). Then the unit goes to the next
 * person in line. `token` is null for a link that cannot be one.
 */
export function DeclinePage({ token }: { token: string | null }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const query = useQuery({ ...declineOfferQueryOptions(token ?? ''), enabled: token !== null });
  return (
    <LinkPage token={token} query={query} subject="offer" title={m.declinePageTitle} loading={m.loadingOffer} offline={m.offlineLink}>
      {(loaded, linkToken) => <DeclineOffer token={linkToken} loaded={loaded} />}
    </LinkPage>
  );
}

function DeclineOffer({ token, loaded }: { token: string; loaded: LoadedOffer }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const { lang, locale } = useLanguage();
  const { offer } = loaded;
  const { mutation: decline, sendOnce } = useSendOnce(() => declineOffer(token));

  const problem = decline.isError ? linkProblem(decline.error, lang) : null;
  // A 409: the offer ended otherwise in the meantime (claimed, lapsed, passed on, withdrawn).
  const endedMeanwhile = problem?.kind === 'closed' ? m.ended[problem.status ?? 'unknown'] : problem?.kind === 'unknown' ? m.ended.unknown : null;
  const failure = problem?.kind === 'rate-limited' ? m.rateLimited(problem.seconds) : problem?.kind === 'failed' ? (problem.text ?? m.actionFailed) : null;
  let result = null;
  if (decline.isSuccess) {
    result = (
      <LinkResult tone="success" title={m.declinedTitle}>
        <p>{m.declinedText}</p>
      </LinkResult>
    );
  } else if (endedMeanwhile) {
    result = (
      <LinkResult tone="warning" title={endedMeanwhile.title}>
        <p>{endedMeanwhile.text}</p>
      </LinkResult>
    );
  }

  // Once the POST has answered, its result stays, whatever a later refresh of the offer says.
  if (!result && offer.status === 'declined') {
    return (
      <OfferPage>
        <h1 className="offer-page__title">{m.alreadyDeclinedTitle}</h1>
        <p>{m.offerWasFor(offer.unit.name)}</p>
        <WaitlistAgain />
      </OfferPage>
    );
  }
  if (!result && offer.status !== 'open') return <EndedOffer endedAs={offer.status} unit={offer.unit} expiresAt={offer.expiresAt} />;

  return (
    <OfferPage>
      <h1 className="offer-page__title">{m.declineHeading(offer.unit.name)}</h1>
      {result ? (
        <>
          {result}
          <WaitlistAgain />
        </>
      ) : (
        <>
          <p className="offer-page__lead">{m.declineLead(offer.customerName)}</p>
          <UnitFacts unit={offer.unit} />
          <p>
            {m.heldUntil} <strong>{formatDateTime(offer.expiresAt, locale)}</strong> {m.montrealTime}. {m.changedYourMind}
          </p>
          <LinkAction failure={failure} pending={decline.isPending} label={m.confirmDecline} busyLabel={m.declining} onSend={sendOnce} />
        </>
      )}
    </OfferPage>
  );
}
