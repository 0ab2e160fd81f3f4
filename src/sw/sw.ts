/// <reference lib="webworker" />
import { cacheNames as workboxCacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { cacheNames, snapshotHeader } from '../shared/storage-names.ts';
import { registerWaitlistSync } from './waitlist-sync.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell and every route chunk, so each screen opens offline once the app is installed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The build's files (named by their content, so never changed in place) are read by the browser
// from the precache itself, without a turn through this worker's fetch handler: a page starting
// offline asks for about twenty at once, and one worker thread answering them one by one held
// a phone's first screen by some 100 ms. What the precache does not hold goes to the network,
// as Workbox's precache route would send it. Browsers without static routes keep that route.
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: object) => Promise<void> };
  const added = install.addRoutes?.({
    condition: { urlPattern: { pathname: '/assets/*' }, requestMethod: 'GET' },
    source: { cacheName: workboxCacheNames.precache },
  });
  if (added) event.waitUntil(added.catch(() => undefined));
});

// An update waits until the visitor presses Reload: a tablet may be in the middle of signing.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once.
clientsClaim();

// Every app route is the same single page; API and staff paths never fall back to it. The staff
// console (/staff…) is its own page, always from the network: it is neither precached nor cached.
// Workbox tests a denylist against the path and the query together, so /staff?x must match too.
// /waitlist has a page of its own: the same app, with that route's first screen in its HTML.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/waitlist.html'), { allowlist: [/^\/waitlist(\?|$)/] }));
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/public-api\//, /^\/admin-api\//, /^\/welcome\.html(\?|$)/, /^\/staff(\/|\?|$)/, /^\/staff\.html/],
  }),
);

// The floor plan changes rarely and is the one large image: from cache first, refreshed after 30 days.
registerRoute(
  ({ url }) => url.pathname === '/floor-plan.svg',
  new CacheFirst({ cacheName: cacheNames.floorPlan, plugins: [new ExpirationPlugin({ maxEntries: 2, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// The inventory: fresh when the network answers within 3 s, else the last copy, stamped with when it was saved.
const inventoryPath = '/public-api/offices/available';
const inventory = new NetworkFirst({
  cacheName: cacheNames.inventory,
  networkTimeoutSeconds: 3,
  plugins: [
    {
      cacheWillUpdate: async ({ response }) => {
        if (!response.ok) return null;
        const headers = new Headers(response.headers);
        headers.set(snapshotHeader, new Date().toISOString());
        return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
      },
    },
  ],
});
registerRoute(({ url, request }) => request.method === 'GET' && url.pathname === inventoryPath, inventory);

// 'Ready to work offline' holds for the inventory too: the worker saves a copy when it starts,
// as the open page may show the list from its own saved snapshot without asking the network.
self.addEventListener('activate', (event) => {
  const apiBase = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
  const request = new Request(`${apiBase}${inventoryPath}`);
  // Offline or refused, the worker starts all the same; the page's own fetches fill the copy later.
  event.waitUntil(inventory.handle({ event, request }).catch(() => undefined));
});

// Booked dates of a room: fresh when possible, the last answer when offline (booking itself needs the network).
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/public-api/calendar/availability',
  new NetworkFirst({ cacheName: cacheNames.calendar, networkTimeoutSeconds: 3, plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 24 * 3600 })] }),
);

// Waitlist entries queued offline go out on Background Sync, even after the page is closed.
registerWaitlistSync();
