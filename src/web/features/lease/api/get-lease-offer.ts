import { queryOptions } from '@tanstack/react-query';
import { leaseOfferResponse, type LeaseOffer } from '../../../../shared/contract/lease.ts';
import { ApiRequestError, requestJson } from '../../../app/api.ts';

export function leaseOfferPath(code: string, rest = ''): string {
  return `/public-api/lease-offers/${encodeURIComponent(code)}${rest}`;
}

/** SPEC call 5. Lease answers bypass the HTTP cache: they carry personal details. */
export async function fetchLeaseOffer(code: string, signal?: AbortSignal): Promise<LeaseOffer> {
  return (await requestJson(leaseOfferPath(code), leaseOfferResponse, { signal, cache: 'no-store' })).offer;
}

/** SPEC §8 'Lease offer load': HTTP 410 is an expired offer; any other failure cannot be loaded. */
export function isExpiredOffer(error: unknown): boolean {
  return error instanceof ApiRequestError && error.problem.kind === 'http' && error.problem.status === 410;
}

export const leaseOfferQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['lease-offer', code] as const,
    queryFn: ({ signal }) => fetchLeaseOffer(code, signal),
    staleTime: Infinity,
    // A dropped connection may come back; an unknown or expired code will not.
    retry: (failures, error) => failures < 2 && error instanceof ApiRequestError && error.problem.kind === 'network',
  });
