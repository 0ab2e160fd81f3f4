import { QueryClient } from '@tanstack/react-query';
import { StaffApiError } from './api.ts';

/**
 * The console's queries: no persister (nothing of it is kept on the device), fresh for a short
 * while, and a lost session or a refusal is not retried.
 */
export const staffQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, error) => !(error instanceof StaffApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
