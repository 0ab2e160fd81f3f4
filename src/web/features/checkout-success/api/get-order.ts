import { queryOptions } from '@tanstack/react-query';
import { orderResponse, type OrderResponse } from '../../../../shared/contract/checkout.ts';
import { apiUrl } from '../../../app/api.ts';

export class OrderNotFoundError extends Error {}

/** GET /public-api/orders/{session id}: the order, for a browser that has no checkoutDetails. */
export async function fetchOrder(sessionId: string, signal?: AbortSignal): Promise<OrderResponse> {
  const res = await fetch(apiUrl(`/public-api/orders/${encodeURIComponent(sessionId)}`), { signal, headers: { accept: 'application/json' } });
  if (res.status === 404 || res.status === 400) throw new OrderNotFoundError(String(res.status));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const parsed = orderResponse.safeParse(await res.json());
  if (!parsed.success) throw new Error('unreadable order');
  return parsed.data;
}

export const orderQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['order', sessionId] as const,
    queryFn: ({ signal }) => fetchOrder(sessionId, signal),
    retry: (failures, error) => failures < 2 && !(error instanceof OrderNotFoundError),
    // The payment provider may confirm a moment after the visitor lands here.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.dataUpdateCount < 30 ? 2000 : false),
  });
