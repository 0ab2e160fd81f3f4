import { queryOptions } from '@tanstack/react-query';
import { waitlistOfferResponse, type WaitlistOfferView } from '../../../../shared/contract/waitlist-offers.ts';
import { requestJson } from '../../../app/api.ts';
import { linkPath, retryDroppedOnly } from './offer-links.ts';

/** An offer as a link shows it, with when (on this device's clock) its answer arrived: the time left counts on from there. */
export interface LoadedOffer {
  offer: WaitlistOfferView;
  receivedAt: number;
}

/** GET /public-api/waitlist/offers/{claim token} or /declines/{decline token}: the same offer, by either link. */
async function fetchOffer(path: string, signal: AbortSignal): Promise<LoadedOffer> {
  const { offer } = await requestJson(path, waitlistOfferResponse, { signal, cache: 'no-store' });
  return { offer, receivedAt: Date.now() };
}

/** Forgotten as soon as no page shows it: nothing of an offer stays behind. */
const offerQuery = { retry: retryDroppedOnly, gcTime: 0 } as const;

export const claimOfferQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['waitlist-offer', 'claim', token] as const, queryFn: ({ signal }) => fetchOffer(linkPath.offer(token), signal), ...offerQuery });

export const declineOfferQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['waitlist-offer', 'decline', token] as const, queryFn: ({ signal }) => fetchOffer(linkPath.decline(token), signal), ...offerQuery });
