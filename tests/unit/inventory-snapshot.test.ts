// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientRestore, persistQueryClientSave, type PersistedClient } from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import { idbStores, localKeys } from '../../src/shared/storage-names.ts';
import { officesQueryOptions, type Inventory } from '../../src/web/app/offices.ts';
import { createQueryClient, persistOptions } from '../../src/web/app/query.ts';

/**
 * The inventory snapshot (src/web/app/query.ts) through the same calls main.tsx makes: saved to
 * IndexedDB rather than localStorage, only the inventory, restored from there, an older version's
 * localStorage snapshot moved over once, and an unreadable snapshot dropped without stopping the start.
 */

const { db, store, key } = idbStores.inventorySnapshot;
// The test's own connection to the database query.ts writes to; query.ts keeps its own open for
// the whole file, so the database is emptied between tests rather than replaced.
const snapshotStore = createStore(db, store);
const readStored = () => get<string>(key, snapshotStore);

const inventoryKey = officesQueryOptions().queryKey;

const office: Office = {
  id: 102,
  office_id: 'OFF-102',
  service_code: 'DO-102',
  name: 'Office 102 - Courtyard',
  service_type: 'dedicated_office',
  location_code: 'MTL-1',
  seating_capacity: 4,
  base_monthly_rate: '1450.00',
  is_available: true,
  next_available_date: null,
};
const inventory: Inventory = { offices: [office], lastUpdated: '2026-11-24T14:00:00.000Z', snapshotAt: null };

const clients: QueryClient[] = [];
function client(): QueryClient {
  const c = createQueryClient();
  clients.push(c);
  return c;
}

/** A client holding the inventory and a lease query, saved once (persistQueryClientSave runs at once: no throttle on a first save). */
async function saveInventory(): Promise<void> {
  const queryClient = client();
  queryClient.setQueryData(inventoryKey, inventory);
  queryClient.setQueryData(['lease', 'x'], { offerCode: 'x', banking: '12345' });
  await persistQueryClientSave({ queryClient, ...persistOptions() });
}

/** What main.tsx does at start: restore, and carry on without a snapshot if the restore fails. */
async function restoreAsMainDoes(queryClient: QueryClient): Promise<void> {
  const [unsubscribe, restored] = persistQueryClient({ queryClient, ...persistOptions() });
  await restored.catch(() => undefined);
  unsubscribe();
}

beforeEach(async () => {
  await clear(snapshotStore);
  window.localStorage.clear();
});

afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
  vi.restoreAllMocks();
});

describe('inventory snapshot (src/web/app/query.ts)', () => {
  it('saves the inventory to IndexedDB, not to localStorage, and nothing but the inventory', async () => {
    await saveInventory();

    const stored = await readStored();
    expect(typeof stored).toBe('string');
    const persisted = JSON.parse(stored!) as PersistedClient;
    expect(persisted.buster).toBe('inventory-v1');
    // Only the inventory: the lease query never reaches the device's storage.
    expect(persisted.clientState.queries.map((q) => q.queryKey)).toEqual([[...inventoryKey]]);
    expect(persisted.clientState.queries[0]!.state.data).toEqual(inventory);
    expect(stored).not.toContain('lease');
    expect(persisted.clientState.mutations).toEqual([]);

    expect(window.localStorage.getItem(localKeys.queryCache)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('restores the saved inventory from IndexedDB into a fresh client', async () => {
    await saveInventory();
    // Whatever is restored can only come from IndexedDB.
    window.localStorage.clear();
    expect(await readStored()).toBeDefined();

    const fresh = client();
    await persistQueryClientRestore({ queryClient: fresh, ...persistOptions() });

    expect(fresh.getQueryData(inventoryKey)).toEqual(inventory);
    expect(fresh.getQueryData(['lease', 'x'])).toBeUndefined();
  });

  it('restores a snapshot an older version left in localStorage, and removes it from there', async () => {
    // The string a persisted client is, moved to where the older version kept it.
    await saveInventory();
    const legacy = await readStored();
    expect(legacy).toBeDefined();
    await del(key, snapshotStore);
    window.localStorage.setItem(localKeys.queryCache, legacy!);
    expect(await readStored()).toBeUndefined();

    const fresh = client();
    await persistQueryClientRestore({ queryClient: fresh, ...persistOptions() });

    expect(fresh.getQueryData(inventoryKey)).toEqual(inventory);
    expect(window.localStorage.getItem(localKeys.queryCache)).toBeNull();
  });

  it.each([
    ['IndexedDB', (raw: string) => set(key, raw, snapshotStore)],
    ['an older version’s localStorage', (raw: string) => window.localStorage.setItem(localKeys.queryCache, raw)],
  ])('drops an unreadable snapshot from %s: nothing restored, and the start goes on', async (_where, put) => {
    // Silences the persister's own report of the failed restore.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Valid JSON of a persisted client, but its office lacks every field an Office has but its id.
    await saveInventory();
    const unreadable = JSON.parse((await readStored())!) as PersistedClient;
    unreadable.clientState.queries[0]!.state.data = { ...inventory, offices: [{ id: office.id }] };
    await del(key, snapshotStore);
    await put(JSON.stringify(unreadable));

    const fresh = client();
    await expect(restoreAsMainDoes(fresh)).resolves.toBeUndefined();

    expect(fresh.getQueryData(inventoryKey)).toBeUndefined();
    expect(fresh.getQueryCache().find({ queryKey: inventoryKey })).toBeUndefined();
    // Not offered again at the next start either.
    expect(await readStored()).toBeUndefined();
    expect(window.localStorage.getItem(localKeys.queryCache)).toBeNull();
  });
});
