import { queryOptions } from '@tanstack/react-query';
import { waitlistEntryResponse, type WaitlistEntryView } from '../../../../shared/contract/waitlist-offers.ts';
import { requestJson } from '../../../app/api.ts';
import { linkPath, retryDroppedOnly } from './offer-links.ts';

/** GET /public-api/waitlist/entries/{leave token}: the entry, and where it stands for each unit. */
async function fetchEntry(token: string, signal: AbortSignal): Promise<WaitlistEntryView> {
  return (await requestJson(linkPath.entry(token), waitlistEntryResponse, { signal, cache: 'no-store' })).entry;
}

export const waitlistEntryQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['waitlist-entry', token] as const,
    queryFn: ({ signal }) => fetchEntry(token, signal),
    retry: retryDroppedOnly,
    // Forgotten as soon as no page shows it: nothing of an entry stays behind.
    gcTime: 0,
  });
