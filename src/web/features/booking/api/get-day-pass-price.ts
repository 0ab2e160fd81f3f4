import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Office } from '../../../../shared/contract/offices.ts';
import { rateToCents } from '../../../../shared/domain/pricing.ts';
import { ApiRequestError } from '../../../app/api.ts';
import { officesQueryOptions } from '../../../app/offices.ts';

/** Why the day pass price could not be loaded (SPEC §8 'Day pass price load failure'). */
export type DayPassPriceProblem = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'not-found' } | { kind: 'no-price' };

export type DayPassPrice = { ok: true; unit: Office } | { ok: false; problem: DayPassPriceProblem };

/**
 * SPEC §4: the day pass dialog loads its price (call 3) each time it opens. It goes through
 * the inventory's own query, so the list the visitor sees is refreshed with it.
 */
async function loadDayPassPrice(queryClient: QueryClient): Promise<DayPassPrice> {
  let offices: Office[];
  try {
    ({ offices } = await queryClient.fetchQuery({ ...officesQueryOptions(), staleTime: 0 }));
  } catch (error) {
    const problem = error instanceof ApiRequestError ? error.problem : undefined;
    if (problem?.kind === 'http') return { ok: false, problem: { kind: 'status', status: problem.status } };
    if (problem?.kind === 'rate-limited') return { ok: false, problem: { kind: 'status', status: 429 } };
    if (problem?.kind === 'network') return { ok: false, problem: { kind: 'network' } };
    return { ok: false, problem: { kind: 'not-found' } };
  }
  const unit = offices.find((o) => o.service_type === 'day_pass');
  if (!unit) return { ok: false, problem: { kind: 'not-found' } };
  const cents = rateToCents(unit.base_monthly_rate);
  if (cents === null || cents === 0) return { ok: false, problem: { kind: 'no-price' } };
  return { ok: true, unit };
}

export const dayPassPriceQueryOptions = () =>
  queryOptions({
    queryKey: ['day-pass-price'] as const,
    queryFn: ({ client }) => loadDayPassPrice(client),
    // Asked again each time the dialog opens, and never retried: the dialog says what went wrong.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
