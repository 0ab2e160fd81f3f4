import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { hashKey, QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import * as z from 'zod/mini';
import { office } from '../../shared/contract/offices.ts';
import { localKeys } from '../../shared/storage-names.ts';
import { reportStorageProblem } from '../storage/local.ts';
import { officesQueryOptions } from './offices.ts';

const week = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Kept as long as the persisted snapshot, so a restored list is not dropped at once.
      queries: { gcTime: week, refetchOnWindowFocus: true },
    },
  });
}

const persistedInventory = z.object({
  offices: z.array(office),
  lastUpdated: z.string(),
  snapshotAt: z.nullable(z.string()),
});

const persistedClient = z.object({
  timestamp: z.number(),
  buster: z.string(),
  clientState: z.object({
    mutations: z.array(z.unknown()),
    queries: z.array(z.object({ queryKey: z.array(z.unknown()), state: z.object({ data: z.unknown() }) })),
  }),
});

const inventoryQueryHash = hashKey(officesQueryOptions().queryKey);

/** Only the inventory is kept on the device; lease and payment data never are. */
export const persistOptions = (): Omit<PersistQueryClientOptions, 'queryClient'> => ({
  persister: createSyncStoragePersister({
    storage: {
      getItem: (key) => window.localStorage.getItem(key),
      setItem: (key, value) => {
        try {
          window.localStorage.setItem(key, value);
        } catch (error) {
          reportStorageProblem(error);
        }
      },
      removeItem: (key) => window.localStorage.removeItem(key),
    },
    key: localKeys.queryCache,
    throttleTime: 1000,
    deserialize: (raw) => {
      // A snapshot written by an older version of the app may not fit today's shape: drop it.
      const parsed = persistedClient.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new Error('unreadable query cache');
      for (const q of parsed.data.clientState.queries) {
        if (hashKey(q.queryKey) === inventoryQueryHash && !persistedInventory.safeParse(q.state.data).success) throw new Error('unreadable inventory snapshot');
      }
      return JSON.parse(raw);
    },
  }),
  maxAge: week,
  buster: 'inventory-v1',
  dehydrateOptions: {
    // What a visitor sends (payment, company details, signature, banking) never stays on the device.
    shouldDehydrateMutation: () => false,
    shouldDehydrateQuery: (query) => query.queryHash === inventoryQueryHash && query.state.status === 'success',
  },
});
