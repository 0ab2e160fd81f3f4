import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { Office } from '../../../shared/contract/offices.ts';
import { claimWindowHours, isOfferable } from '../../../shared/domain/waitlist-offers.ts';
import { useOnline } from '../../app/use-online.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { Alert } from '../../ui/alert.tsx';
import { LoadingText } from '../../ui/status.tsx';
import { claimOfferQueryOptions, type LoadedOffer } from './api/get-waitlist-offer.ts';
import { EndedOffer, LinkPage, OfferPage, UnitFacts } from './offer-parts.tsx';
import { waitlistOfferCatalogue, type EndedAs } from './catalogue.ts';
import { hoursAndMinutes, useTimeLeft } from './time-left.ts';

/** What the claim page gives the booking feature's choices (Rent Now's), which the route wires in. */
export interface ClaimChoicesProps {
  /** The unit held for the person, on sale to them. */
  unit: Office;
  /** The claim link's token: the checkout carries it, and returns to its page when cancelled. */
  claimToken: string;
}

/** The choices' own chunk, fetched when an open offer is shown. */
export type ClaimChoicesModule = () => Promise<{ default: ComponentType<ClaimChoicesProps> }>;

const loaded = new WeakMap<ClaimChoicesModule, LazyExoticComponent<ComponentType<ClaimChoicesProps>>>();
function lazyChoices(load: ClaimChoicesModule) {
  let component = loaded.get(load);
  if (!component) {
    component = lazy(load);
    loaded.set(load, component);
  }
  return component;
}

/**
 * /waitlist/offer/{claim token}: a freed unit held for the person first in line. Who it is for,
 * the unit, until when it is held and the time left, and Rent Now's choices, whose payment claims
 * it. An offer that has ended says how. `token` is null for a link that cannot be one.
 */
export function ClaimPage({ token, choices }: { token: string | null; choices: ClaimChoicesModule }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const online = useOnline();
  const query = useQuery({ ...claimOfferQueryOptions(token ?? ''), enabled: token !== null });
  return (
    <LinkPage token={token} query={query} subject="offer" title={m.claimPageTitle} loading={m.loadingOffer} offline={m.offlineClaim}>
      {(loaded, linkToken) => <OpenOrEnded token={linkToken} loaded={loaded} choices={choices} online={online} onOver={query.refetch} />}
    </LinkPage>
  );
}

function OpenOrEnded({ token, loaded, choices, online, onOver }: { token: string; loaded: LoadedOffer; choices: ClaimChoicesModule; online: boolean; onOver: () => Promise<unknown> }) {
  const { offer } = loaded;
  const left = useTimeLeft(offer, loaded.receivedAt);
  const over = offer.status === 'open' && left <= 0;
  const onOverRef = useRef(onOver);
  onOverRef.current = onOver;
  // The time ran out on this page: the server has the last word on how the offer ended (asked once).
  useEffect(() => {
    if (over) void onOverRef.current();
  }, [over]);
  const endedAs = offer.status === 'open' ? (over ? 'expired' : null) : offer.status;
  return (
    <>
      {endedAs ? <EndedOffer endedAs={endedAs} unit={offer.unit} expiresAt={offer.expiresAt} /> : <OpenOffer token={token} loaded={loaded} left={left} choices={choices} online={online} />}
      <EndedNotice endedAs={endedAs} />
    </>
  );
}

/**
 * Says so when the offer ends while its page is open (the time runs out, or a refresh finds it
 * claimed or passed on): the whole page changes under a screen reader's user, who hears why.
 */
function EndedNotice({ endedAs }: { endedAs: EndedAs | null }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const [wasOpen] = useState(endedAs === null);
  return (
    <p className="visually-hidden" role="status">
      {wasOpen && endedAs !== null ? m.ended[endedAs].title : ''}
    </p>
  );
}

function OpenOffer({ token, loaded, left, choices, online }: { token: string; loaded: LoadedOffer; left: number; choices: ClaimChoicesModule; online: boolean }) {
  const m = useCatalogue(waitlistOfferCatalogue);
  const { locale } = useLanguage();
  const { offer } = loaded;
  const { unit } = offer;
  const { hours, minutes } = hoursAndMinutes(left);
  const Choices = lazyChoices(choices);
  const type = unit.service_type;

  return (
    <OfferPage>
      <h1 className="offer-page__title">{m.claimHeading(offer.customerName)}</h1>
      <p className="offer-page__lead">{m.claimLead(unit.name, isOfferable(type) ? claimWindowHours(type) : null)}</p>
      <div className="offer-deadline">
        <p className="offer-deadline__until">
          {m.heldUntil} <strong>{formatDateTime(offer.expiresAt, locale)}</strong> {m.montrealTime}
        </p>
        <p className="offer-deadline__left" role="timer">
          {m.timeLeft(hours, minutes)}
        </p>
      </div>
      <UnitFacts unit={unit} />
      {online ? null : <Alert tone="warning">{m.claimNeedsConnection}</Alert>}
      {isOfferable(type) ? (
        <Suspense fallback={<LoadingText>{m.loadingChoices}</LoadingText>}>
          <Choices unit={unit} claimToken={token} />
        </Suspense>
      ) : (
        <p>{m.cannotRentOnline}</p>
      )}
      <p className="offer-page__note">{m.notInterested}</p>
    </OfferPage>
  );
}
