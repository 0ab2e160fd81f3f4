import { queryOptions } from '@tanstack/react-query';
import { orderResponse, receiptPath, type OrderResponse } from '../../../../shared/contract/orders.ts';
import { ApiRequestError, apiUrl, requestJson } from '../../../app/api.ts';

/** GET /public-api/orders/{session id}: the order, for a browser that has no checkoutDetails. */
export async function fetchOrder(sessionId: string, signal?: AbortSignal): Promise<OrderResponse> {
  return requestJson(`/public-api/orders/${encodeURIComponent(sessionId)}`, orderResponse, { signal });
}

/** No such order (404), or a session id the server does not take (400): asking again will not find one. */
function isUnknownOrder(error: unknown): boolean {
  return error instanceof ApiRequestError && error.problem.kind === 'http' && (error.problem.status === 404 || error.problem.status === 400);
}

export const orderQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['order', sessionId] as const,
    queryFn: ({ signal }) => fetchOrder(sessionId, signal),
    retry: (failures, error) => failures < 2 && !isUnknownOrder(error),
    // The payment provider may confirm a moment after the visitor lands here.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.dataUpdateCount < 30 ? 2000 : false),
  });

/** GET /public-api/orders/{session id}/receipt.pdf: the receipt of a paid order (404 or 409 otherwise). */
export function receiptUrl(sessionId: string): string {
  return apiUrl(receiptPath(sessionId));
}
