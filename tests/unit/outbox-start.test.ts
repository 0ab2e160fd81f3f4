// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { clear, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newQueuedEntry } from '../../src/shared/domain/waitlist-outbox.ts';

/*
 * When the page's outbox sends: the indicator starts it when it mounts, which is either as the
 * app opens with entries waiting, or just after the form queued one (and sent it itself).
 */

let posts: string[] = [];

beforeEach(() => {
  posts = [];
  // The server is down: every try fails and sets the entry's next try later.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') posts.push(String(url));
      return Response.json({ success: false, error: 'Service unavailable' }, { status: 503 });
    }),
  );
  // Each test is a page of its own: the outbox module's state starts anew.
  vi.resetModules();
});

afterEach(async () => {
  const { outboxStore } = await import('../../src/web/storage/outbox-store.ts');
  await clear(outboxStore());
  vi.unstubAllGlobals();
});

describe('starting the outbox on a page', () => {
  it('sends what was already waiting when the app opens', async () => {
    const { outboxStore } = await import('../../src/web/storage/outbox-store.ts');
    const waiting = newQueuedEntry('k-waiting', '/public-api/waitlist', { customer_name: 'Ana' }, 'Ana: Office 203', Date.now() - 60_000);
    await set(waiting.key, waiting, outboxStore());
    const outbox = await import('../../src/web/storage/waitlist-outbox.ts');
    outbox.startWaitlistOutbox();
    // A round asked for during another runs after it: awaiting it awaits the start's round too.
    await outbox.flushWaitlistOutbox({ force: false });
    expect(posts).toHaveLength(1);
  });

  it('does not send again at once an entry this page just queued and tried', async () => {
    const outbox = await import('../../src/web/storage/waitlist-outbox.ts');
    const queued = await outbox.enqueueWaitlistEntry({ customer_name: 'Ana' }, 'Ana: Office 203');
    expect(queued).toBeDefined();
    expect(await outbox.sendQueuedNow(queued!.key)).toEqual({ kind: 'queued' });
    expect(posts).toHaveLength(1);
    // The indicator mounts once the entry is stored, and starts the outbox.
    outbox.startWaitlistOutbox();
    await outbox.flushWaitlistOutbox({ force: false });
    expect(posts).toHaveLength(1);
    const [entry] = await outbox.listOutbox();
    expect(entry).toMatchObject({ key: queued!.key, attempts: 1 });
  });
});
