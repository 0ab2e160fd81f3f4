// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../src/web/i18n/i18n.tsx';
import { AddToCalendarButton } from '../../src/web/ui/add-to-calendar.tsx';

afterEach(cleanup);

const failed = 'The calendar file could not be prepared. Reload this page once you are online, then try again.';

function renderButton(download: () => Promise<void>, lang: 'en' | 'fr' = 'en', label = 'Add to calendar') {
  render(
    <LanguageProvider initial={lang}>
      <AddToCalendarButton download={download} />
    </LanguageProvider>,
  );
  return screen.getByRole('button', { name: label });
}

describe('the Add to calendar button', () => {
  it('downloads on the tap and says nothing more when the file is made', async () => {
    const download = vi.fn(async () => undefined);
    await userEvent.click(renderButton(download));
    expect(download).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the file cannot be made (its builder not fetched offline), and clears that on a try that works', async () => {
    const download = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(undefined);
    const button = renderButton(download);
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(failed);
    await userEvent.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('starts no second download while the first is being made', async () => {
    let finish = () => {};
    const download = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const button = renderButton(download);
    await userEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  });

  it('says it in French', async () => {
    await userEvent.click(renderButton(() => Promise.reject(new Error('offline')), 'fr', 'Ajouter au calendrier'));
    expect((await screen.findByRole('alert')).textContent).toBe('Le fichier de calendrier n’a pas pu être préparé. Rechargez cette page une fois en ligne, puis réessayez.');
  });
});
