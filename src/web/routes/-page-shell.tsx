import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Shell } from '../app/shell.tsx';
import { outboxHasEntries, subscribeOutbox } from '../storage/outbox-store.ts';

/**
 * Whether a waitlist entry has waited on this device since the app started: every screen's shell
 * asks, and the answer stays. The indicator's chunk, with the outbox's schemas and sending, is
 * run only then, which a visit with nothing queued (nearly every visit) never needs.
 */
let seenQueued = false;

function useQueuedEntries(): boolean {
  const [queued, setQueued] = useState(seenQueued);
  useEffect(() => {
    if (queued) return;
    let live = true;
    const check = () => {
      void outboxHasEntries().then((has) => {
        if (!has) return;
        seenQueued = true;
        if (live) setQueued(true);
      });
    };
    const stop = subscribeOutbox(check);
    check();
    return () => {
      live = false;
      stop();
    };
  }, [queued]);
  return queued;
}

/**
 * The indicator, or nothing while its chunk cannot load: a page the service worker does not
 * control, offline, before /boot.js has fetched it (data-later). The entry is safe in the outbox
 * meanwhile, and the form has said so; the chunk is asked for again when the connection returns.
 */
function PendingEntriesWhenLoaded() {
  const [attempt, setAttempt] = useState(0);
  const Indicator = useMemo(
    () =>
      lazy<() => ReactNode>(() =>
        import('../features/waitlist/pending-entries.tsx').catch(() => {
          window.addEventListener('online', () => setAttempt(attempt + 1), { once: true });
          return { default: () => null };
        }),
      ),
    [attempt],
  );
  return (
    <Suspense fallback={null}>
      <Indicator />
    </Suspense>
  );
}

/** The app's shell with what the features add to every screen: the waitlist entries still queued on this device. */
export function PageShell({ children, hero }: { children: ReactNode; hero?: boolean }) {
  const queued = useQueuedEntries();
  return (
    <Shell hero={hero} tools={queued ? <PendingEntriesWhenLoaded /> : null}>
      {children}
    </Shell>
  );
}
