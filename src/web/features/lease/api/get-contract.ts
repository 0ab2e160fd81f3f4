import { queryOptions } from '@tanstack/react-query';
import { contractDataResponse, type ContractDataResponse, type LeaseLanguage } from '../../../../shared/contract/lease.ts';
import { leaseOfferPath } from './get-offer.ts';

/** SPEC call 7: the contract's sections and variables in one language, with the offer. */
export async function fetchContractData(code: string, language: LeaseLanguage, signal?: AbortSignal): Promise<ContractDataResponse> {
  const res = await fetch(leaseOfferPath(code, `/contract-data?language=${language}`), { signal, cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`contract-data answered ${res.status}`);
  const parsed = contractDataResponse.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new Error('unreadable contract data');
  return parsed.data;
}

export const contractDataQueryOptions = (code: string, language: LeaseLanguage) =>
  queryOptions({
    queryKey: ['lease-offer', code, 'contract', language] as const,
    queryFn: ({ signal }) => fetchContractData(code, language, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
