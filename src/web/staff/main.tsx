import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { onSignedOut } from './api.ts';
import { StaffLanguageProvider } from './language.tsx';
import { staffQueryClient } from './query-client.ts';
import { sessionQuery } from './queries.ts';
import { staffRouteTree } from './routes.tsx';
import './staff.css';

const router = createRouter({ routeTree: staffRouteTree, defaultPreload: false, scrollRestoration: true });

// Any call that finds the session gone sends staff to sign in, and back here afterwards.
onSignedOut(() => {
  staffQueryClient.removeQueries({ queryKey: sessionQuery().queryKey });
  const here = router.state.location;
  if (here.pathname.startsWith('/staff/sign-in')) return;
  void router.navigate({ to: '/staff/sign-in', search: { next: here.href } } as never);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StaffLanguageProvider>
      <QueryClientProvider client={staffQueryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StaffLanguageProvider>
  </StrictMode>,
);
