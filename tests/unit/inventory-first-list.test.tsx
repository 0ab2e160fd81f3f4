// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderAt } from './render-app.tsx';
import type { Office } from '../../src/shared/contract/offices.ts';

// The service worker's notices and the waitlist's queue are not what this test is about.
vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => ({ default: () => null }));

// Every render of the loading text, the route's and the page's, counted.
const loadingRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/web/features/inventory/inventory-states.tsx', async (importOriginal) => {
  const states = await importOriginal<typeof import('../../src/web/features/inventory/inventory-states.tsx')>();
  return {
    ...states,
    InventoryPending: (props: Parameters<typeof states.InventoryPending>[0]) => {
      loadingRenders.count++;
      return states.InventoryPending(props);
    },
  };
});

const desk: Office = { id: 9, office_id: 'DSK-01', service_code: 'AD-01', name: 'Desk A1', service_type: 'assigned_desk', location_code: 'F1', seating_capacity: 1, base_monthly_rate: '450.00', is_available: true, next_available_date: null };

beforeEach(() => {
  window.scrollTo = () => undefined;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  loadingRenders.count = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  vi.unstubAllGlobals();
});

it('renders the loading text a few times, not hundreds, when the list comes just after it shows', async () => {
  // React holds a fallback it has revealed at least 300 ms. A list answered within that time set
  // the page, which deferred its list with useDeferredValue, rendering in a loop until the 300 ms
  // were over: 645 renders of the loading text here, about a thousand renders in Chromium.
  let answer: (res: Response) => void = () => undefined;
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
  renderAt('/desks', 'en', { retry: true });
  expect(await screen.findByText('Loading office inventory...')).toBeTruthy();
  // Answered outside act(), so React's own scheduler runs, and with it the 300 ms hold.
  answer(Response.json({ success: true, data: { offices: [desk], lastUpdated: '2026-11-20T15:00:00Z' } }));
  expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
  expect(loadingRenders.count).toBeLessThan(10);
});
