import { queryOptions } from '@tanstack/react-query';
import { leaseOfferResponse, type LeaseOffer } from '../../../../shared/contract/lease.ts';
import { apiUrl } from '../../../app/api.ts';

/** SPEC §8 'Lease offer load': 410 is an expired offer; anything else cannot be loaded. */
export class LeaseOfferLoadError extends Error {
  constructor(readonly kind: 'expired' | 'failed' | 'network') {
    super(kind);
  }
}

export function leaseOfferPath(code: string, rest = ''): string {
  return apiUrl(`/public-api/lease-offers/${encodeURIComponent(code)}${rest}`);
}

/** SPEC call 5. Lease answers bypass the HTTP cache: they carry personal details. */
export async function fetchLeaseOffer(code: string, signal?: AbortSignal): Promise<LeaseOffer> {
  let res: Response;
  try {
    res = await fetch(leaseOfferPath(code), { signal, cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    throw new LeaseOfferLoadError('network');
  }
  if (res.status === 410) throw new LeaseOfferLoadError('expired');
  if (!res.ok) throw new LeaseOfferLoadError('failed');
  const parsed = leaseOfferResponse.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new LeaseOfferLoadError('failed');
  return parsed.data.offer;
}

export const leaseOfferQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['lease-offer', code] as const,
    queryFn: ({ signal }) => fetchLeaseOffer(code, signal),
    staleTime: Infinity,
    // A dropped connection may come back; an unknown or expired code will not.
    retry: (failures, error) => failures < 2 && error instanceof LeaseOfferLoadError && error.kind === 'network',
  });
