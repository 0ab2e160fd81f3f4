import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LanguageProvider } from '../i18n/i18n.tsx';
import { routeTree } from '../route-tree.gen.ts';
import { startServiceWorker } from './pwa.tsx';
import { createQueryClient, persistOptions } from './query.ts';
import './styles.css';

const queryClient = createQueryClient();
const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The page from index.html stays painted while the app renders in slices, so no single long
// task holds a phone's main thread.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LanguageProvider>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </LanguageProvider>
    </StrictMode>,
  );
});

startServiceWorker();
