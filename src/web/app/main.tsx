import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from './react-dom-client.ts';
import { LanguageProvider } from '../i18n/i18n.tsx';
import { routeTree } from '../route-tree.gen.ts';
import { nextTask } from './next-task.ts';
import { startServiceWorker } from './pwa-state.ts';
import { createQueryClient, persistOptions } from './query.ts';
import './styles.css';

function makeRouter(queryClient: ReturnType<typeof createQueryClient>) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

/**
 * The page from index.html stays painted while the app starts in steps, each its own task so
 * that no single long task holds a phone's main thread: the saved inventory snapshot is
 * restored (and saving from then on begins, before any request can answer) while the route's
 * chunks load, the route is resolved, and the app renders in slices inside a transition. Rendering
 * before the route is resolved would mount it later in one synchronous pass, as the router's
 * store updates are.
 */
async function start() {
  // Where the app's own code begins, marked for traces: /boot.js has asked for every module of
  // the first screen by then.
  performance.mark('app:start');
  await nextTask();
  const queryClient = createQueryClient();
  const router = makeRouter(queryClient);
  // The route's code loads while the snapshot is read (both wait on storage, not on each other);
  // its loaders run only after, so that they find the snapshot.
  const [matched] = router.getMatchedRoutes(router.state.location.pathname);
  const chunks = Promise.all(matched.map((route) => router.loadRouteChunk(route))).catch(() => undefined);
  // An unreadable snapshot is dropped by the restore; the app then starts without one.
  await persistQueryClient({ queryClient, ...persistOptions() })[1].catch(() => undefined);
  await chunks;
  await nextTask();
  await router.load().catch(() => undefined);
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <LanguageProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </LanguageProvider>
      </StrictMode>,
    );
  });
  startServiceWorker();
}

void start();
