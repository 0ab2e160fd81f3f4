import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Shell } from '../app/shell.tsx';
import { outboxHasEntries, subscribeOutbox } from '../storage/outbox-store.ts';

// Its own chunk, loaded only once an entry waits on this device: with it come the outbox's
// schemas and sending, which a visit with nothing queued (nearly every visit) never runs.
const loadPendingEntries = () => lazy(() => import('../features/waitlist/pending-entries.tsx'));

/** Whether a waitlist entry has waited on this device since the app started: every screen's shell asks, and the answer stays. */
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
 * control, offline, cannot fetch it. The entry is safe in the outbox meanwhile, and the form
 * has said so; the indicator loads again when the connection returns.
 */
class PendingEntriesWhenLoaded extends Component<object, { failed: boolean; Indicator: ReturnType<typeof loadPendingEntries> }> {
  override state = { failed: false, Indicator: loadPendingEntries() };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    window.addEventListener('online', this.retry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => this.setState({ failed: false, Indicator: loadPendingEntries() });

  override render() {
    const { failed, Indicator } = this.state;
    return failed ? null : (
      <Suspense fallback={null}>
        <Indicator />
      </Suspense>
    );
  }
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
