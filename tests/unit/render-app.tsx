import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';
import { routeTree } from '../../src/web/route-tree.gen.ts';

// jsdom lays nothing out, so nothing in it ever changes size: an observer that never reports.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * The whole app at a path, in a language, with a query client of its own (queries not retried
 * unless `retry` says so), as a page test sees it; returns the router.
 */
export function renderAt(path: string, lang: Lang = 'en', options: { retry?: boolean } = {}) {
  const queryClient = new QueryClient(options.retry ? {} : { defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <LanguageProvider initial={lang}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </LanguageProvider>,
    // A failed load is thrown to the route's error component on purpose.
    { onCaughtError: () => undefined },
  );
  return router;
}
