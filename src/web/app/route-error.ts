import { useQueryClient, useQueryErrorResetBoundary, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * For the errorComponent of a route whose page reads the query `queryKey` with useSuspenseQuery,
 * given the route's `reset`. The page's next render asks again instead of throwing the same
 * error (Try Again, or the route showing the page anew). While the error shows, the page comes
 * back when the window is shown again, when the device is back online, and when anything else
 * asks for the query (a link's preload): what TanStack Query does for a failed query that is on
 * screen, and the error panel is on screen instead of the page.
 */
export function useRouteErrorRetry(reset: () => void, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const queryErrorBoundary = useQueryErrorResetBoundary();
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  useEffect(() => {
    queryErrorBoundary.reset();
  }, [queryErrorBoundary]);
  useEffect(() => {
    // The events TanStack Query's focus and online managers listen to, read here without them:
    // importing them into this chunk split them out of the entry, a kilobyte more before the list renders.
    const onVisible = () => {
      if (document.visibilityState !== 'hidden') reset();
    };
    window.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', reset);
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.query === query && event.query.state.fetchStatus === 'fetching') reset();
    });
    return () => {
      window.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', reset);
      stopCache();
    };
  }, [reset, queryClient, query]);
}
