// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appCatalogue } from '../../src/web/i18n/app-catalogue.ts';
import { LanguageProvider } from '../../src/web/i18n/i18n.tsx';
import { Shell } from '../../src/web/app/shell.tsx';
import { pwaState, startServiceWorker } from '../../src/web/app/pwa-state.ts';
import { reportStorageProblem } from '../../src/web/storage/local.ts';

/*
 * The install button and the service worker's notices load after the first screen (the shell asks
 * for them lazily): what happens before they arrive (the browser's install offer, a storage
 * problem) must still reach them.
 */

vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a> }));

afterEach(cleanup);

function offerInstall(): { prompted: () => boolean } {
  let prompted = false;
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompt = async () => {
    prompted = true;
  };
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  window.dispatchEvent(event);
  return { prompted: () => prompted };
}

describe('the shell’s install button and notices, loaded after the first screen', () => {
  it('shows the install offer the browser made before they loaded, and a storage problem no one had heard yet', async () => {
    startServiceWorker();
    const offer = offerInstall();
    expect(pwaState().install).not.toBeNull();
    reportStorageProblem(new DOMException('full', 'QuotaExceededError'));

    render(
      <LanguageProvider initial="en">
        <Shell>
          <p>page</p>
        </Shell>
      </LanguageProvider>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    // The first screen paints without them: the button comes once their chunk has loaded.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
    const install = await screen.findByRole('button', { name: 'Install app' });
    const alert = await screen.findByRole('alert');
    expect(alert).toBeTruthy();
    // The alert is the storage problem reported before the notices loaded: the quota's words.
    expect(alert.querySelector('span')?.textContent).toBe(appCatalogue.en.storageQuota);

    await act(async () => install.click());
    expect(offer.prompted()).toBe(true);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});
