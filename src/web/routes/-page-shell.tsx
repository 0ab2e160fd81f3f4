import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Shell } from '../app/shell.tsx';
import { outboxHasEntries, subscribeOutbox } from '../storage/outbox-store.ts';

// Its own chunk, loaded only once an entry waits on this device: with it come the outbox's
// schemas and sending, which a screen with nothing queued (nearly every visit) never runs.
const PendingEntries = lazy(() => import('../features/waitlist/pending-entries.tsx'));

/** Whether a waitlist entry has waited on this device since the page opened; once true, it stays. */
function useQueuedEntries(): boolean {
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (queued) return;
    let live = true;
    const check = () => {
      void outboxHasEntries().then((has) => {
        if (live && has) setQueued(true);
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

/** The app's shell with what the features add to every screen: the waitlist entries still queued on this device. */
export function PageShell({ children, hero }: { children: ReactNode; hero?: boolean }) {
  const queued = useQueuedEntries();
  return (
    <Shell
      hero={hero}
      tools={
        queued ? (
          <Suspense fallback={null}>
            <PendingEntries />
          </Suspense>
        ) : null
      }
    >
      {children}
    </Shell>
  );
}
