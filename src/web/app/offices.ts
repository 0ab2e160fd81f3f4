import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { office, type Office } from '../../shared/contract/offices.ts';
import { snapshotHeader } from '../../shared/storage-names.ts';
import { ApiRequestError, requestJsonResponse } from './api.ts';
import { nextTask } from './next-task.ts';

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

/** SPEC call 3's answer, its offices checked one by one afterwards (parseOffices). */
const officesAnswer = z.object({
  success: z.boolean(),
  data: z.optional(z.object({ offices: z.array(z.unknown()), lastUpdated: z.string() })),
});

const officesPerSlice = 250;

/**
 * The offices, each checked against the contract a slice per task (null if one does not fit):
 * 2,000 at once held a slow phone's main thread for over 100 ms, whether from the network or
 * from the snapshot saved on the device.
 */
export async function parseOffices(items: readonly unknown[]): Promise<Office[] | null> {
  const offices: Office[] = [];
  for (let start = 0; start < items.length; start += officesPerSlice) {
    if (start > 0) await nextTask();
    for (const item of items.slice(start, start + officesPerSlice)) {
      const parsed = office.safeParse(item);
      if (!parsed.success) return null;
      offices.push(parsed.data);
    }
  }
  return offices;
}

/** 'refused' when the answer says success false, 'unreadable' when it has no list. */
export async function fetchOffices(signal?: AbortSignal): Promise<Inventory> {
  const { data, response } = await requestJsonResponse('/public-api/offices/available', officesAnswer, { signal });
  const offices = data.data ? await parseOffices(data.data.offices) : null;
  if (!data.data || !offices) throw new ApiRequestError({ kind: 'unreadable', status: response.status }, data);
  return { offices, lastUpdated: data.data.lastUpdated, snapshotAt: response.headers.get(snapshotHeader) };
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
