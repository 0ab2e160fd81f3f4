// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../src/web/i18n/i18n.tsx';
import { AddToCalendarButton } from '../../src/web/ui/add-to-calendar.tsx';

afterEach(cleanup);

const failed = 'The calendar file could not be prepared. Check your connection, then try again.';

describe('the Add to calendar button', () => {
  it('downloads on the tap and says nothing more when the file is made', async () => {
    const download = vi.fn(async () => undefined);
    render(<LanguageProvider initial="en"><AddToCalendarButton label="Add to calendar" download={download} /></LanguageProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(download).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the file cannot be made (its builder not fetched offline), and clears that on the next try that works', async () => {
    const download = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce(undefined);
    render(<LanguageProvider initial="en"><AddToCalendarButton label="Add to calendar" download={download} /></LanguageProvider>);
    const button = screen.getByRole('button', { name: 'Add to calendar' });
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(failed);
    await userEvent.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('says it in French', async () => {
    render(<LanguageProvider initial="fr"><AddToCalendarButton label="Ajouter au calendrier" download={() => Promise.reject(new Error('offline'))} /></LanguageProvider>);
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter au calendrier' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le fichier de calendrier n’a pas pu être préparé. Vérifiez votre connexion, puis réessayez.');
  });
});
