import { createStore, del, get, promisifyRequest, set, values, type UseStore } from 'idb-keyval';
import {
  flushQueue,
  newQueuedEntry,
  nextWake,
  postQueuedEntry,
  queuedWaitlistEntry,
  type FlushReport,
  type OutboxIo,
  type QueuedWaitlistEntry,
  type Refusal,
  type SendResult,
} from '../../shared/domain/waitlist-outbox.ts';
import { idbStores, outboxSignals } from '../../shared/storage-names.ts';
import { apiUrl } from '../app/api.ts';
import { announce, outboxStore } from './outbox-store.ts';
import { reportStorageProblem, askForPersistentStorage } from './local.ts';

/*
 * The waitlist outbox on this device (docs/architecture.md §3.1). An entry is written here, with its
 * Idempotency-Key, before it is first sent, and stays until the server has answered for it.
 */

export { subscribeOutbox } from './outbox-store.ts';

/** The entries on this device, oldest first; a record that no longer reads is left out. */
export async function listOutbox(): Promise<QueuedWaitlistEntry[]> {
  const raw = await values(outboxStore());
  return raw
    .map((r) => queuedWaitlistEntry.safeParse(r))
    .flatMap((r) => (r.success ? [r.data] : []))
    .sort((a, b) => a.createdAt - b.createdAt);
}

const io: OutboxIo = {
  list: listOutbox,
  save: (entry) => set(entry.key, entry, outboxStore()),
  remove: (key) => del(key, outboxStore()),
  send: (entry) => postQueuedEntry(entry),
  now: () => Date.now(),
  random: () => Math.random(),
};

/** Asks the service worker to send the outbox when the connection returns, where the browser can. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(outboxSignals.syncTag);
  } catch {
    // No Background Sync here: the page's own triggers (online, start, visibility) still send it.
  }
}

function newEntry(entry: Record<string, unknown>, label: string): QueuedWaitlistEntry {
  return newQueuedEntry(crypto.randomUUID(), apiUrl('/public-api/waitlist'), entry, label, Date.now());
}

/** After an entry is stored: keep it on the device, and let the browser send it on its own. */
function afterStored(): void {
  watchConnection();
  askForPersistentStorage();
  void registerBackgroundSync();
  announce();
}

/**
 * Stores a new entry with a fresh Idempotency-Key. Returns it, or undefined when this browser
 * will not store it (private mode, full disk): the caller then sends it directly, once.
 */
export async function enqueueWaitlistEntry(entry: Record<string, unknown>, label: string): Promise<QueuedWaitlistEntry | undefined> {
  const queued = newEntry(entry, label);
  try {
    await set(queued.key, queued, outboxStore());
  } catch (error) {
    reportStorageProblem(error);
    return undefined;
  }
  afterStored();
  return queued;
}

/**
 * Stores a corrected entry under a new Idempotency-Key in place of the entry `replacedKey`. One
 * transaction writes the new one and removes the old, so the old goes only when the new is stored;
 * under the outbox lock, so no round is sending the old one meanwhile. Undefined, with the old
 * entry untouched, when this browser will not store it.
 */
export async function replaceWaitlistEntry(replacedKey: string, entry: Record<string, unknown>, label: string): Promise<QueuedWaitlistEntry | undefined> {
  const queued = newEntry(entry, label);
  try {
    await exclusively(() =>
      outboxStore()('readwrite', (s) => {
        s.put(queued, queued.key);
        s.delete(replacedKey);
        return promisifyRequest(s.transaction);
      }),
    );
  } catch (error) {
    reportStorageProblem(error);
    return undefined;
  }
  afterStored();
  return queued;
}

/** Sends, once, an entry this browser would not store. */
export function sendUnqueued(entry: Record<string, unknown>, label: string): Promise<SendResult> {
  return postQueuedEntry(newEntry(entry, label));
}

/** One entry on this device, if it is still there and still reads. */
export async function readOutboxEntry(key: string): Promise<QueuedWaitlistEntry | undefined> {
  try {
    const parsed = queuedWaitlistEntry.safeParse(await get(key, outboxStore()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes an entry the visitor gave up, under the outbox lock: a round sending it at that moment
 * finishes first, and cannot write it back afterwards.
 */
export async function discardEntry(key: string): Promise<void> {
  try {
    await exclusively(() => del(key, outboxStore()));
  } catch (error) {
    reportStorageProblem(error);
  }
  announce();
}

/** Runs `work` alone across this page, other tabs and the service worker, where the browser has Web Locks. */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = navigator.locks;
  if (!locks) return work();
  return locks.request(outboxSignals.lock, () => work()) as Promise<T>;
}

let running: Promise<FlushReport> | undefined;
let rerun: { force: boolean } | undefined;
let wakeTimer: number | undefined;

function scheduleWake(entries: QueuedWaitlistEntry[]): void {
  window.clearTimeout(wakeTimer);
  const at = nextWake(entries);
  if (at === undefined) return;
  wakeTimer = window.setTimeout(() => void flushWaitlistOutbox({ force: false }), Math.max(0, at - Date.now()));
}

/**
 * Sends what is due. `force` sends every waiting entry now (the connection is back, the app
 * starts). A call during a round runs another round after it, so no trigger is lost.
 */
export function flushWaitlistOutbox(options: { force: boolean }): Promise<FlushReport> {
  if (running) {
    rerun = { force: (rerun?.force ?? false) || options.force };
    return running;
  }
  running = (async () => {
    let report = await exclusively(() => flushQueue(io, options));
    while (rerun) {
      const next = rerun;
      rerun = undefined;
      report = await exclusively(() => flushQueue(io, next));
    }
    scheduleWake(await listOutbox());
    return report;
  })().finally(() => {
    running = undefined;
    announce();
  });
  return running;
}

export type SubmitOutcome = { kind: 'sent' } | { kind: 'queued' } | ({ kind: 'rejected' } & Refusal);

/** Sends one just-queued entry now, for the form to say what became of it. */
export async function sendQueuedNow(key: string): Promise<SubmitOutcome> {
  const onlyThis: OutboxIo = { ...io, list: async () => (await listOutbox()).filter((e) => e.key === key) };
  try {
    await exclusively(() => flushQueue(onlyThis, { force: true }));
    const after = (await listOutbox()).find((e) => e.key === key);
    // Gone from the outbox: this send, or a round running beside it, delivered it.
    if (!after) return { kind: 'sent' };
    if (after.state !== 'failed') return { kind: 'queued' };
    return { kind: 'rejected', error: after.error ?? '', ...(after.problem ? { problem: after.problem } : {}) };
  } finally {
    scheduleWake(await listOutbox().catch(() => []));
    announce();
  }
}

let watching = false;

/** Sends on `online` and when the page becomes visible again. */
function watchConnection(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => void flushWaitlistOutbox({ force: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushWaitlistOutbox({ force: false });
  });
}

/**
 * Sends every waiting entry now, once per page, and from then on when the connection returns.
 * A page that has queued an entry itself is already watching, and the form sends that entry:
 * sending it again here would ignore the wait its first try set.
 */
export function startWaitlistOutbox(): void {
  if (watching) return;
  watchConnection();
  void flushWaitlistOutbox({ force: true }).catch(() => undefined);
}

/** The draft of the enquiry form, so what a visitor typed survives a reload before submit. */
let draftStore: UseStore | undefined;
function draftsStore(): UseStore {
  draftStore ??= createStore(idbStores.waitlistDraft.db, idbStores.waitlistDraft.store);
  return draftStore;
}
const draftKey = idbStores.waitlistDraft.key;

export async function readWaitlistDraft(): Promise<unknown> {
  try {
    return await get(draftKey, draftsStore());
  } catch {
    return undefined;
  }
}

export async function writeWaitlistDraft(draft: unknown): Promise<void> {
  try {
    await set(draftKey, draft, draftsStore());
  } catch (error) {
    reportStorageProblem(error);
  }
}

export async function clearWaitlistDraft(): Promise<void> {
  try {
    await del(draftKey, draftsStore());
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
