// @vitest-environment jsdom
/// <reference types="vite/client" />
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import { clear, set } from 'idb-keyval';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboxSignals } from '../../src/shared/storage-names.ts';
import { LanguageProvider } from '../../src/web/i18n/i18n.tsx';
import { announce, outboxHasEntries, outboxStore } from '../../src/web/storage/outbox-store.ts';
import { PageShell } from '../../src/web/routes/-page-shell.tsx';

// The header's own parts are not what these tests are about.
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a> }));
vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
/** When the indicator's chunk is loaded: the outbox's schemas and sending come with it. */
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => {
  loaded.count += 1;
  return { default: () => <p>entries indicator</p> };
});

afterEach(async () => {
  cleanup();
  await clear(outboxStore());
});

function shell() {
  return render(
    <LanguageProvider initial="en">
      <PageShell>
        <p>the screen</p>
      </PageShell>
    </LanguageProvider>,
  );
}

/** Lets the shell's own read of the outbox answer (fake-indexeddb answers in later tasks). */
async function settle() {
  await act(async () => {
    await outboxHasEntries();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('the queued entries indicator on every screen', () => {
  it('is not loaded while no waitlist entry waits on this device', async () => {
    shell();
    await settle();
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('entries indicator')).toBeNull();
    expect(loaded.count).toBe(0);
  });

  it('appears when an entry is queued on this page, and stays', async () => {
    shell();
    await settle();
    await set('k-1', { key: 'k-1' }, outboxStore());
    act(() => announce());
    expect(await screen.findByText('entries indicator')).toBeTruthy();
    await clear(outboxStore());
    act(() => announce());
    await settle();
    // The indicator itself says when nothing is left; the shell does not unload it.
    expect(screen.getByText('entries indicator')).toBeTruthy();
  });

  it('appears when another tab queues an entry', async () => {
    shell();
    await settle();
    await set('k-3', { key: 'k-3' }, outboxStore());
    const otherTab = new BroadcastChannel(outboxSignals.channel);
    otherTab.postMessage('changed');
    otherTab.close();
    expect(await screen.findByText('entries indicator')).toBeTruthy();
  });

  it('appears at once when the screen opens with an entry already waiting', async () => {
    await set('k-2', { key: 'k-2' }, outboxStore());
    shell();
    expect(await screen.findByText('entries indicator')).toBeTruthy();
  });
});
