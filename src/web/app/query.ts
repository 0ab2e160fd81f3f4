import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { hashKey, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import * as z from 'zod/mini';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { idbStores, localKeys } from '../../shared/storage-names.ts';
import { reportStorageProblem } from '../storage/local.ts';
import { officesQueryOptions, parseOffices } from './offices.ts';

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
  offices: z.array(z.unknown()),
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

let snapshotDb: UseStore | undefined;
const snapshotStore = () => (snapshotDb ??= createStore(idbStores.inventorySnapshot.db, idbStores.inventorySnapshot.store));

/**
 * The snapshot as saved, in IndexedDB: writing half a megabyte to localStorage (2,000 units)
 * held a slow phone's main thread for tens of milliseconds on every save, where IndexedDB
 * writes off it. A snapshot an older version left in localStorage is moved over once.
 */
async function readSnapshot(key: string): Promise<string | null> {
  const saved = await get<string>(key, snapshotStore());
  if (saved !== undefined) return saved;
  const legacy = window.localStorage.getItem(localKeys.queryCache);
  window.localStorage.removeItem(localKeys.queryCache);
  return legacy;
}

/** Only the inventory is kept on the device; lease and payment data never are. */
export const persistOptions = (): Omit<PersistQueryClientOptions, 'queryClient'> => ({
  persister: createAsyncStoragePersister({
    storage: {
      getItem: readSnapshot,
      setItem: (key, value) => set(key, value, snapshotStore()).catch(reportStorageProblem),
      removeItem: (key) => del(key, snapshotStore()),
    },
    key: idbStores.inventorySnapshot.key,
    throttleTime: 1000,
    deserialize: async (raw) => {
      // A snapshot written by an older version of the app may not fit today's shape: drop it.
      const value: unknown = JSON.parse(raw);
      const parsed = persistedClient.safeParse(value);
      if (!parsed.success) throw new Error('unreadable query cache');
      for (const q of parsed.data.clientState.queries) {
        if (hashKey(q.queryKey) !== inventoryQueryHash) continue;
        const inventory = persistedInventory.safeParse(q.state.data);
        if (!inventory.success || !(await parseOffices(inventory.data.offices))) throw new Error('unreadable inventory snapshot');
      }
      // The checked shape lists only what is checked: the client is the whole value read.
      return value as PersistedClient;
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
