import { createStore, keys, type UseStore } from 'idb-keyval';
import { idbStores, outboxSignals } from '../../shared/storage-names.ts';

/*
 * The waitlist outbox's store and its change signal, without the outbox's rules and schemas
 * (waitlist-outbox.ts): every screen asks whether an entry waits on this device, and loads the
 * outbox itself only when one does.
 */

let store: UseStore | undefined;
export function outboxStore(): UseStore {
  store ??= createStore(idbStores.waitlistOutbox.db, idbStores.waitlistOutbox.store);
  return store;
}

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function notify(): void {
  for (const l of listeners) l();
}

/** Tells this page's listeners, other tabs and the service worker that the outbox changed. */
export function announce(): void {
  notify();
  channel?.postMessage('changed');
}

/** Called whenever the outbox changes here, in another tab or in the service worker. */
export function subscribeOutbox(listener: () => void): () => void {
  if (!channel && 'BroadcastChannel' in window) {
    channel = new BroadcastChannel(outboxSignals.channel);
    channel.onmessage = notify;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any entry waits on this device; false when this browser's storage cannot be read. */
export async function outboxHasEntries(): Promise<boolean> {
  try {
    return (await keys(outboxStore())).length > 0;
  } catch {
    return false;
  }
}
