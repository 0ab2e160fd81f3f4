import { useCallback, useEffect, useId, useState } from 'react';
import type { QueuedWaitlistEntry } from '../../../shared/domain/waitlist-outbox.ts';
import { useOnline } from '../../app/use-online.ts';
import { useMessages } from '../../i18n/i18n.tsx';
import { discardEntry, flushWaitlistOutbox, listOutbox, startWaitlistOutbox, subscribeOutbox } from '../../storage/waitlist-outbox.ts';
import { waitlistMessages } from './messages.ts';
import './waitlist.css';

/**
 * The small header indicator of waitlist entries still on this device, on every screen. It also
 * starts the outbox, so opening the app sends what is waiting.
 */
export default function PendingEntries() {
  const m = useMessages(waitlistMessages);
  const online = useOnline();
  const panelId = useId();
  const [entries, setEntries] = useState<QueuedWaitlistEntry[]>([]);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(() => {
    void listOutbox()
      .then(setEntries)
      .catch(() => setEntries([]));
  }, []);

  useEffect(() => {
    const stop = subscribeOutbox(refresh);
    refresh();
    startWaitlistOutbox();
    return () => {
      stop();
    };
  }, [refresh]);

  useEffect(() => {
    if (entries.length === 0) setOpen(false);
  }, [entries.length]);

  return (
    <div className="pending-entries" aria-live="polite">
      {entries.length > 0 ? (
        <>
          <button type="button" className="button button--on-brand pending-entries__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <span className="pending-entries__count" aria-hidden="true">
              {entries.length}
            </span>
            <span>{m.pending.button(entries.length)}</span>
          </button>
          {open ? (
            <section id={panelId} className="pending-entries__panel" aria-label={m.pending.title}>
              <h2 className="pending-entries__title">{m.pending.title}</h2>
              <ul>
                {entries.map((e) => (
                  <li key={e.key}>
                    <span className="pending-entries__label">{e.label}</span>
                    {e.state === 'failed' ? (
                      <>
                        <span className="field__error">
                          {m.pending.failed} {e.error}
                        </span>
                        <button type="button" className="button button--ghost" onClick={() => void discardEntry(e.key)}>
                          {m.pending.remove}
                        </button>
                      </>
                    ) : (
                      <span className="field__hint">{m.pending.waiting}</span>
                    )}
                  </li>
                ))}
              </ul>
              <div className="pending-entries__actions">
                <button type="button" className="button button--primary" disabled={!online} onClick={() => void flushWaitlistOutbox({ force: true })}>
                  {m.pending.sendNow}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
                  {m.pending.close}
                </button>
              </div>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
