/// <reference lib="webworker" />
import { createStore, del, set, values } from 'idb-keyval';
import { flushQueue, postQueuedEntry, queuedWaitlistEntry, type OutboxIo } from '../shared/domain/waitlist-outbox.ts';
import { idbStores, outboxSignals } from '../shared/storage-names.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event, which TypeScript's WebWorker library does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function flushOutbox(lastChance: boolean): Promise<void> {
  const store = createStore(idbStores.waitlistOutbox.db, idbStores.waitlistOutbox.store);
  const io: OutboxIo = {
    list: async () => (await values(store)).flatMap((r) => {
      const parsed = queuedWaitlistEntry.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    }),
    save: (entry) => set(entry.key, entry, store),
    remove: (key) => del(key, store),
    // Plain fetch: the PWA's API client is the page's (src/web), which the worker does not import.
    send: (entry) => postQueuedEntry(entry),
    now: () => Date.now(),
    random: () => Math.random(),
  };
  const run = () => flushQueue(io, { force: true });
  // The same lock as the page's, so a page and this worker never send one entry side by side.
  const report = self.navigator.locks ? await self.navigator.locks.request(outboxSignals.lock, run) : await run();
  const channel = new BroadcastChannel(outboxSignals.channel);
  channel.postMessage('changed');
  channel.close();
  // A failed sync is retried by the browser later, with its own backoff.
  if (report.waiting > 0 && !lastChance) throw new Error(`${report.waiting} waitlist entries still waiting`);
}

/** Sends the waitlist outbox when the browser says the connection is back, even with the page closed. */
export function registerWaitlistSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === outboxSignals.syncTag) sync.waitUntil(flushOutbox(sync.lastChance));
  });
}
