import { queryOptions } from '@tanstack/react-query';
import { officesResponse, type Office } from '../../shared/contract/offices.ts';
import { snapshotHeader } from '../../shared/storage-names.ts';
import { ApiRequestError, requestJsonResponse } from './api.ts';

/**
 * SPEC call 3, the list of offices and services: the inventory shows it, the day pass dialog
 * reads its price from it and the waitlist offers its units, so it lives here rather than in
 * one of those features.
 */
export interface Inventory {
  offices: Office[];
  lastUpdated: string;
  /** Set when the service worker answered from its cache: when that copy was saved. */
  snapshotAt: string | null;
}

/** 'refused' when the answer says success false, 'unreadable' when it has no list. */
export async function fetchOffices(signal?: AbortSignal): Promise<Inventory> {
  const { data, response } = await requestJsonResponse('/public-api/offices/available', officesResponse, { signal });
  if (!data.data) throw new ApiRequestError({ kind: 'unreadable', status: response.status }, data);
  return { ...data.data, snapshotAt: response.headers.get(snapshotHeader) };
}

export const officesQueryOptions = () =>
  queryOptions({
    queryKey: ['offices', 'available'] as const,
    queryFn: ({ signal }) => fetchOffices(signal),
    // Fresh for a few seconds only: the saved list paints at once, and a visit after a staff
    // change (a new unit, a price, a unit marked occupied) asks again and shows it.
    staleTime: 10_000,
    // A 429 or a bad answer will not fix itself in a second; the visitor has Try Again.
    retry: (failures, error) => failures < 2 && error instanceof ApiRequestError && error.problem.kind === 'network',
  });
