import { lazy, Suspense, type ReactNode } from 'react';
import { Shell } from '../app/shell.tsx';

// Its own chunk: every screen shows it, but the first paint should not wait for it.
const PendingEntries = lazy(() => import('../features/waitlist/pending-entries.tsx'));

/** The app's shell with what the features add to every screen: the waitlist entries still queued on this device. */
export function PageShell({ children, hero }: { children: ReactNode; hero?: boolean }) {
  return (
    <Shell
      hero={hero}
      tools={
        <Suspense fallback={null}>
          <PendingEntries />
        </Suspense>
      }
    >
      {children}
    </Shell>
  );
}
