import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { QueuedWaitlistEntry } from '../../../shared/domain/waitlist-outbox.ts';
import { useOnline } from '../../app/use-online.ts';
import { useLanguage, useCatalogue } from '../../i18n/i18n.tsx';
import { discardEntry, flushWaitlistOutbox, listOutbox, startWaitlistOutbox, subscribeOutbox } from '../../storage/waitlist-outbox.ts';
import { refusalText, waitlistCatalogue } from './catalogue.ts';
import { nextDurationChange, waitingStatus } from './pending-status.ts';
import './waitlist.css';

export interface PendingEntriesPanelProps {
  id: string;
  entries: readonly QueuedWaitlistEntry[];
  /** The time the waiting durations are counted to. */
  now: number;
  online: boolean;
  /** Entries whose Discard is under way (it waits for a send in progress to finish). */
  discarding: ReadonlySet<string>;
  titleRef?: Ref<HTMLHeadingElement>;
  onEdit: (entry: QueuedWaitlistEntry) => void;
  onDiscard: (entry: QueuedWaitlistEntry) => void;
  onSendNow: () => void;
  onClose: () => void;
}

/**
 * The list of entries still on this device. Every entry, refused or waiting, can be edited or
 * discarded: none is stuck without the visitor being able to act, and none goes unless they say so.
 */
export function PendingEntriesPanel({ id, entries, now, online, discarding, titleRef, onEdit, onDiscard, onSendNow, onClose }: PendingEntriesPanelProps) {
  const m = useCatalogue(waitlistCatalogue);
  const { locale } = useLanguage();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <section id={id} className="pending-entries__panel" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <h2 id={`${id}-title`} className="pending-entries__title" tabIndex={-1} ref={titleRef}>
        {m.pending.title}
      </h2>
      <ul>
        {entries.map((e) => {
          const status = e.state === 'pending' ? waitingStatus(e, now, locale, m) : undefined;
          return (
            <li key={e.key} className={`pending-entry pending-entry--${e.state}`}>
              <span className="pending-entries__label">{e.label}</span>
              {status ? (
                <>
                  <span className="pending-entry__since">{status.since}</span>
                  <span className="field__hint">{status.lastTry}</span>
                </>
              ) : (
                <span className="field__error">
                  {m.pending.failed} {refusalText(e, m)}
                </span>
              )}
              <span className="pending-entry__actions">
                <button type="button" className="button button--secondary" aria-label={m.pending.editLabel(e.label)} onClick={() => onEdit(e)}>
                  {m.pending.edit}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={m.pending.discardLabel(e.label)}
                  disabled={discarding.has(e.key)}
                  onClick={() => onDiscard(e)}
                >
                  {m.pending.discard}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="pending-entries__actions">
        <button type="button" className="button button--primary" disabled={!online || !entries.some((e) => e.state === 'pending')} onClick={onSendNow}>
          {m.pending.sendNow}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {m.pending.close}
        </button>
      </div>
    </section>
  );
}

/**
 * The small header indicator of waitlist entries still on this device, on every screen once an
 * entry waits (PageShell). It also starts the outbox, so opening the app sends what is waiting.
 */
export default function PendingEntries() {
  const m = useCatalogue(waitlistCatalogue);
  const online = useOnline();
  const navigate = useNavigate();
  const panelId = useId();
  const [entries, setEntries] = useState<QueuedWaitlistEntry[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState<ReadonlySet<string>>(new Set());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const refresh = useCallback(() => {
    void listOutbox()
      .then((list) => {
        setEntries(list);
        setNow(Date.now());
      })
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

  // While the panel is open, 'Waiting for 12 minutes' turns into '13 minutes' when the minute does.
  useEffect(() => {
    if (!open) return;
    const at = nextDurationChange(entries, now);
    if (at === undefined) return;
    const timer = window.setTimeout(() => setNow(Date.now()), at - now);
    return () => window.clearTimeout(timer);
  }, [open, entries, now]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const edit = (entry: QueuedWaitlistEntry) => {
    setOpen(false);
    void navigate({ to: '/waitlist', search: { edit: entry.key } });
  };

  const discard = (entry: QueuedWaitlistEntry) => {
    setDiscarding((keys) => new Set(keys).add(entry.key));
    // Its button goes with it: focus stays in the panel, or returns to the page when the panel goes too.
    const last = entries.length === 1;
    void discardEntry(entry.key).finally(() => {
      setDiscarding((keys) => {
        const next = new Set(keys);
        next.delete(entry.key);
        return next;
      });
      if (last) document.getElementById('main')?.focus();
      else titleRef.current?.focus();
    });
  };

  const refused = entries.filter((e) => e.state === 'failed').length;

  return (
    <div className="pending-entries">
      {/* Announced politely when the count or a refusal changes; the minutes ticking by are not. */}
      <p className="visually-hidden" role="status">
        {entries.length > 0 ? m.pending.summary(entries.length, refused) : ''}
      </p>
      {entries.length > 0 ? (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="button button--on-brand pending-entries__button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => {
              setNow(Date.now());
              setOpen(!open);
            }}
          >
            <svg className="pending-entries__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 15V4m0 0L8 8m4-4 4 4M4 13v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className={`pending-entries__count${refused > 0 ? ' pending-entries__count--refused' : ''}`} aria-hidden="true">
              {entries.length}
            </span>
            <span className="pending-entries__text">{m.pending.button(entries.length)}</span>
          </button>
          {open ? (
            <PendingEntriesPanel
              id={panelId}
              entries={entries}
              now={now}
              online={online}
              discarding={discarding}
              titleRef={titleRef}
              onEdit={edit}
              onDiscard={discard}
              onSendNow={() => void flushWaitlistOutbox({ force: true })}
              onClose={close}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
