import { useState } from 'react';
import { useMessages, type Catalogue } from '../i18n/i18n.tsx';
import { Alert } from './alert.tsx';

const en = { failed: 'The calendar file could not be prepared. Check your connection, then try again.' };
const fr: typeof en = { failed: 'Le fichier de calendrier n’a pas pu être préparé. Vérifiez votre connexion, puis réessayez.' };
const messages: Catalogue<typeof en> = { en, fr };

/**
 * A booking's "Add to calendar" button. The file's builder is fetched on the tap
 * (calendar-download.ts): offline, on a page no service worker serves, it cannot be, and the
 * visitor is told so rather than left with a button that does nothing.
 */
export function AddToCalendarButton({ label, download }: { label: string; download: () => Promise<void> }) {
  const m = useMessages(messages);
  const [failed, setFailed] = useState(false);
  const onClick = () => {
    setFailed(false);
    download().catch(() => setFailed(true));
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onClick}>
        {label}
      </button>
      {failed ? <Alert tone="error">{m.failed}</Alert> : null}
    </>
  );
}
