// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from './render-app.tsx';
import type { Office } from '../../src/shared/contract/offices.ts';
import { site } from '../../src/shared/site.ts';

// The service worker's notices and the waitlist's queue are not what these tests are about.
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
const room: Office = { id: 3, office_id: 'CONF-B', service_code: 'CR-B', name: 'Meeting Room Mont-Royal', service_type: 'conference_room', location_code: 'F2', seating_capacity: 6, base_monthly_rate: '220.00', is_available: true, next_available_date: null };
const listAnswer = () => Response.json({ success: true, data: { offices: [desk, room], lastUpdated: '2026-11-20T15:00:00Z' } });


beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll positions.
  window.scrollTo = () => undefined;
  // The router warns in development when a route's error component takes over.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  loadingRenders.count = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the inventory page while its list loads or fails (SPEC §2, §8)', () => {
  it("says 'Loading office inventory...' under the pills until the list comes", async () => {
    let answer: (res: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAt('/desks', 'en', { retry: true });
    expect(await screen.findByText('Loading office inventory...')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Space categories' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the floor plan' })).toBeTruthy();
    await act(async () => answer(listAnswer()));
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
    expect(screen.queryByText('Loading office inventory...')).toBeNull();
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
    answer(listAnswer());
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
    expect(loadingRenders.count).toBeLessThan(10);
  });

  it.each([
    ['a 429', () => Response.json({ success: false, error: 'slow down' }, { status: 429, headers: { 'Retry-After': '42' } }), 'Rate limited. Please wait 42 seconds and refresh the page.'],
    ['a 503', () => new Response('down', { status: 503, statusText: 'Service Unavailable' }), 'HTTP 503: Service Unavailable'],
    ['success false', () => Response.json({ success: false }), 'Failed to fetch office data'],
    ['an answer without a list', () => Response.json({ success: true }), 'Failed to fetch office data'],
    // Checked a slice at a time: an office that does not fit, past the first slice, still fails the list.
    [
      'an office without its fields, far down the list',
      () => Response.json({ success: true, data: { offices: [...Array.from({ length: 300 }, (_, i) => ({ ...desk, id: 100 + i, office_id: `DSK-${i}` })), { id: 1 }], lastUpdated: '2026-11-20T15:00:00Z' } }),
      'Failed to fetch office data',
    ],
  ])('%s: the error panel with its text, and Try Again loads the list', async (_name, failure, text) => {
    const fetchMock = vi.fn(async () => failure());
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/desks', 'en', { retry: true });
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('Unable to Load Inventory')).toBeTruthy();
    expect(within(panel).getByText(text)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Space categories' })).toBeTruthy();
    fetchMock.mockImplementation(async () => listAnswer());
    await userEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again when the visitor picks another category after a failure', async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/desks', 'en', { retry: true });
    expect(await screen.findByText('Failed to fetch office data')).toBeTruthy();
    fetchMock.mockImplementation(async () => listAnswer());
    await userEvent.click(screen.getByRole('link', { name: 'Offices' }));
    expect(await screen.findByText('No items found - Try selecting a different category...')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Desks' }));
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
  });

  it("shows the list when a link's preload fetches it after a failure", async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: false }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/desks', 'en', { retry: true });
    expect(await screen.findByText('Failed to fetch office data')).toBeTruthy();
    fetchMock.mockImplementation(async () => listAnswer());
    await act(async () => {
      await router.preloadRoute({ to: '/$category', params: { category: 'offices' } });
    });
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
  });

  it('asks again when the window comes back into view after a failure', async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/desks', 'en', { retry: true });
    expect(await screen.findByText('Failed to fetch office data')).toBeTruthy();
    fetchMock.mockImplementation(async () => listAnswer());
    await act(async () => window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('table', { name: 'Desks' })).toBeTruthy();
  });

  it("opens the booking feature's dialog from a unit's button", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listAnswer()));
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
    renderAt('/desks', 'en', { retry: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Rent Now: Desk A1' }));
    expect(await screen.findByRole('heading', { name: 'Rent Desk A1' })).toBeTruthy();
  });
});

describe('the list shows prices before tax, and says so once (docs/architecture.md §10)', () => {
  /** The element the list names as its description. */
  const description = (list: HTMLElement) => document.getElementById(list.getAttribute('aria-describedby') ?? '');

  afterEach(() => {
    (site.taxes as { enabled: boolean }).enabled = true;
  });

  it("a table: the rate as listed, and one 'Prices plus taxes.' note the table points to", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listAnswer()));
    renderAt('/desks', 'en', { retry: true });
    const table = await screen.findByRole('table', { name: 'Desks' });
    expect(within(table).getByText('$450.00')).toBeTruthy();
    expect(description(table)?.textContent).toBe('Prices plus taxes.');
    expect(screen.getAllByText('Prices plus taxes.')).toHaveLength(1);
    expect(within(table).queryByText(/taxes/)).toBeNull();
  });

  it('cards: the same note, in French too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listAnswer()));
    renderAt('/conference', 'fr', { retry: true });
    const cards = await screen.findByRole('list', { name: 'Conférence' });
    expect(cards.querySelector('.price')?.textContent).toBe(`220,00\u00a0$/jour`);
    expect(description(cards)?.textContent).toBe('Prix indiqués taxes en sus.');
    expect(screen.getAllByText('Prix indiqués taxes en sus.')).toHaveLength(1);
  });

  it('no note where no tax is charged, nor under an empty category', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listAnswer()));
    (site.taxes as { enabled: boolean }).enabled = false;
    renderAt('/desks', 'en', { retry: true });
    const table = await screen.findByRole('table', { name: 'Desks' });
    expect(table.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Prices plus taxes.')).toBeNull();
    cleanup();
    (site.taxes as { enabled: boolean }).enabled = true;
    renderAt('/offices', 'en', { retry: true });
    expect(await screen.findByText('No items found - Try selecting a different category...')).toBeTruthy();
    expect(screen.queryByText('Prices plus taxes.')).toBeNull();
  });
});
