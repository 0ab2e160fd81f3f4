import { queryOptions } from '@tanstack/react-query';
import { officesResponse, type Office } from '../../../../shared/contract/offices.ts';
import { apiUrl } from '../../../app/api.ts';

/** SPEC §8 'Inventory load': what went wrong, for the error panel to put in words. */
export type InventoryProblem =
  | { kind: 'rate-limited'; seconds: number }
  | { kind: 'http'; status: number; text: string }
  | { kind: 'failed' }
  | { kind: 'network' };

export class InventoryLoadError extends Error {
  constructor(readonly problem: InventoryProblem) {
    super(problem.kind);
  }
}

export interface Inventory {
  offices: Office[];
  lastUpdated: string;
  /** Set when the service worker answered from its cache: when that copy was saved. */
  snapshotAt: string | null;
}

/** The header the service worker adds to a list it answers from its cache. */
export const snapshotHeader = 'x-snapshot-date';

export async function fetchOffices(signal?: AbortSignal): Promise<Inventory> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/public-api/offices/available'), { signal, headers: { accept: 'application/json' } });
  } catch {
    throw new InventoryLoadError({ kind: 'network' });
  }
  if (res.status === 429) {
    const seconds = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
    throw new InventoryLoadError({ kind: 'rate-limited', seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 });
  }
  if (!res.ok) throw new InventoryLoadError({ kind: 'http', status: res.status, text: res.statusText });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new InventoryLoadError({ kind: 'failed' });
  }
  const parsed = officesResponse.safeParse(body);
  if (!parsed.success || !parsed.data.success || !parsed.data.data) throw new InventoryLoadError({ kind: 'failed' });
  return { ...parsed.data.data, snapshotAt: res.headers.get(snapshotHeader) };
}

export const officesQueryOptions = () =>
  queryOptions({
    queryKey: ['offices', 'available'] as const,
    queryFn: ({ signal }) => fetchOffices(signal),
    staleTime: 60_000,
    // A 429 or a bad answer will not fix itself in a second; the visitor has Try Again.
    retry: (failures, error) => failures < 2 && error instanceof InventoryLoadError && error.problem.kind === 'network',
  });
