import { queryOptions } from '@tanstack/react-query';
import { contractDataResponse, type ContractDataResponse, type LeaseLanguage } from '../../../../shared/contract/lease.ts';
import { requestJson } from '../../../app/api.ts';
import { leaseOfferPath } from './get-lease-offer.ts';

/** SPEC call 7: the contract's sections and variables in one language, with the offer. */
export async function fetchContractData(code: string, language: LeaseLanguage, signal?: AbortSignal): Promise<ContractDataResponse> {
  return requestJson(leaseOfferPath(code, `/contract-data?language=${language}`), contractDataResponse, { signal, cache: 'no-store' });
}

export const contractDataQueryOptions = (code: string, language: LeaseLanguage) =>
  queryOptions({
    queryKey: ['lease-offer', code, 'contract', language] as const,
    queryFn: ({ signal }) => fetchContractData(code, language, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
