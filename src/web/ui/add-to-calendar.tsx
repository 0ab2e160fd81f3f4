import { useEffect, useState } from 'react';
import { useCatalogue, type Catalogue } from '../i18n/i18n.tsx';
import { Alert } from './alert.tsx';
import { loadCalendarBuilder } from './calendar-download.ts';

const en = {
  label: 'Add to calendar',
  failed: 'The calendar file could not be prepared. Reload this page once you are online, then try again.',
};
const fr: typeof en = {
  label: 'Ajouter au calendrier',
  failed: 'Le fichier de calendrier n’a pas pu être préparé. Rechargez cette page une fois en ligne, puis réessayez.',
};
const calendarCatalogue: Catalogue<typeof en> = { en, fr };

/**
 * A booking's "Add to calendar" button. The file's builder is fetched once the page is idle
 * (calendar-download.ts); when it cannot be (offline, on a page no service worker serves), the
 * tap says so rather than doing nothing. Chromium keeps a failed module until the page reloads,
 * hence the advice to reload. A second tap while the file is made starts no second download.
 */
export function AddToCalendarButton({ download }: { download: () => Promise<void> }) {
  const m = useCatalogue(calendarCatalogue);
  const [state, setState] = useState<'ready' | 'making' | 'failed'>('ready');
  useEffect(() => {
    const load = () => void loadCalendarBuilder().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, 1000);
    return () => window.clearTimeout(timer);
  }, []);
  const onClick = () => {
    if (state === 'making') return;
    setState('making');
    download().then(
      () => setState('ready'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onClick} aria-disabled={state === 'making' || undefined}>
        {m.label}
      </button>
      {state === 'failed' ? <Alert tone="error">{m.failed}</Alert> : null}
    </>
  );
}
