// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  staffUnitsResponse,
  unitQueueChanged,
  unitQueueResponse,
  type StaffUnit,
  type StaffWaitlistOffer,
  type UnitQueueEntry,
  type UnitQueueResponse,
} from '../../src/shared/contract/staff-console.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

const nbsp = '\u00a0';

const office: StaffUnit = {
  id: 7,
  office_id: 'OFF-101',
  service_code: null,
  name: 'Office 101',
  service_type: 'dedicated_office',
  location_code: 'A-1',
  seating_capacity: 2,
  base_monthly_rate: '1200.00',
  is_available: true,
  next_available_date: null,
  retired_at: null,
  updated_at: '2026-11-01T12:00:00.000Z',
  waitlist_paused: false,
  waitlist_waiting: 3,
  waitlist_offer_until: null,
};

/** Saturday 21 November, 9:30 AM at the space: 48 hours after the test's now. */
const until = '2026-11-21T14:30:00.000Z';

function offer(entry_id: number, fields: Partial<StaffWaitlistOffer>): StaffWaitlistOffer {
  return { id: `4${entry_id}`, entry_id, status: 'open', offered_at: '2026-11-19T14:30:00.000Z', expires_at: until, closed_at: null, offered_by: 'lea@example.com', order_id: null, ...fields };
}

function entry(entry_id: number, customer_name: string, fields: Partial<UnitQueueEntry>): UnitQueueEntry {
  const email = `${customer_name.split(' ')[0]!.toLowerCase()}@example.com`;
  return { entry_id, customer_name, email, created_at: `2026-10-${10 + entry_id}T15:00:00.000Z`, status: 'waiting', place: null, left: false, claimed: false, offer: null, ...fields };
}

/** Office 101's queue, oldest first: one declined the server's offer, one was skipped, three wait, one left. */
const declined = entry(1, 'Alex Martin', {
  status: 'declined',
  offer: offer(1, { status: 'declined', offered_at: '2026-11-02T15:00:00.000Z', expires_at: '2026-11-04T15:00:00.000Z', closed_at: '2026-11-03T14:00:00.000Z', offered_by: 'waitlist' }),
});
const skipped = entry(2, 'Chris Roy', {
  status: 'skipped',
  offer: offer(2, { status: 'skipped', offered_at: '2026-11-05T15:00:00.000Z', expires_at: '2026-11-07T15:00:00.000Z', closed_at: '2026-11-05T16:00:00.000Z' }),
});
const camille = entry(3, 'Camille Tremblay', { place: 1 });
const jordan = entry(4, 'Jordan Lee', { place: 2 });
const left = entry(5, 'Robin Gagnon', { left: true });
const sam = entry(6, 'Sam Nguyen', { place: 3 });

const waiting: UnitQueueResponse = { success: true, unit: office, open_offer: null, queue: [declined, skipped, camille, jordan, left, sam] };

/** The queue once Office 101 is offered to Camille. */
const offeredToCamille: UnitQueueResponse = {
  success: true,
  unit: { ...office, waitlist_waiting: 2, waitlist_offer_until: until, is_available: false },
  open_offer: offer(3, {}),
  queue: [declined, skipped, { ...camille, status: 'offered', place: null, offer: offer(3, {}) }, { ...jordan, place: 1 }, left, { ...sam, place: 2 }],
};

/** Camille skipped while holding the offer: it went to Jordan at once, by the server. */
const offeredToJordan: UnitQueueResponse = {
  success: true,
  unit: { ...office, waitlist_waiting: 1, waitlist_offer_until: '2026-11-21T15:00:00.000Z', is_available: false },
  open_offer: offer(4, { offered_by: 'waitlist', offered_at: '2026-11-19T15:00:00.000Z', expires_at: '2026-11-21T15:00:00.000Z' }),
  queue: [
    declined,
    skipped,
    { ...camille, status: 'skipped', place: null, offer: offer(3, { status: 'skipped', closed_at: '2026-11-19T15:00:00.000Z' }) },
    { ...jordan, status: 'offered', place: null, offer: offer(4, { offered_by: 'waitlist', offered_at: '2026-11-19T15:00:00.000Z', expires_at: '2026-11-21T15:00:00.000Z' }) },
    left,
    { ...sam, place: 1 },
  ],
};

/** The unit's queue answers `state()`; each POST of a queue action answers what `post` gives (the contract's answer, or a refusal). */
function queueServer(state: () => UnitQueueResponse, post: (request: ApiRequest) => Response) {
  return fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/units/7/waitlist') return answer(unitQueueResponse, state());
    if (request.method === 'POST' && /^\/admin-api\/(units\/7\/waitlist\/|waitlist\/\d+\/skip$)/.test(request.path)) return post(request);
    return undefined;
  });
}

const posts = (requests: ApiRequest[]) => requests.filter((r) => r.method === 'POST').map(({ method, path, body, contentType }) => ({ method, path, body, contentType }));
const rows = () => within(screen.getByRole('table', { name: /in the order offers go|dans l’ordre des offres/ })).getAllByRole('row').slice(1);
const row = (name: string) => rows().find((r) => within(r).queryByRole('rowheader', { name: new RegExp(name) }))!;
const notice = () => screen.getByRole('status');

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe("a unit's waitlist queue", () => {
  it('lists the entries in the order offers go, each with its place, status, and latest offer and who made it', async () => {
    queueServer(() => waiting, () => refusal(500, 'not in this test'));
    renderConsole('/staff/inventory/7/waitlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Waitlist · Office 101' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Place' })).toBeTruthy();
    expect(rows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Alex Martinalex@example.com',
      'Chris Roychris@example.com',
      'Camille Tremblaycamille@example.com',
      'Jordan Leejordan@example.com',
      'Robin Gagnonrobin@example.com',
      'Sam Nguyensam@example.com',
    ]);
    const cells = (r: HTMLElement) => within(r).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(row('Alex'))).toEqual(['—', 'Declined', 'Oct 11, 2026, 11:00 a.m.', 'Declined on Nov 3, 2026, 9:00 a.m.Offered Nov 2, 2026, 10:00 a.m. by the server (automatically)', '']);
    expect(cells(row('Chris'))).toEqual(['—', 'Skipped', 'Oct 12, 2026, 11:00 a.m.', 'Skipped on Nov 5, 2026, 11:00 a.m.Offered Nov 5, 2026, 10:00 a.m. by lea@example.com', '']);
    expect(cells(row('Camille')).slice(0, 4)).toEqual(['1st in line', 'Waiting', 'Oct 13, 2026, 11:00 a.m.', '—']);
    expect(cells(row('Jordan')).slice(0, 2)).toEqual(['2nd in line', 'Waiting']);
    expect(cells(row('Robin')).slice(0, 2)).toEqual(['—', 'WaitingLeft the waitlist']);
    expect(cells(row('Sam')).slice(0, 2)).toEqual(['3rd in line', 'Waiting']);
    // Only those still waiting can be offered it or skipped.
    expect(within(row('Camille')).getByRole('button', { name: 'Offer now to Camille Tremblay' })).toBeTruthy();
    expect(within(row('Camille')).getByRole('button', { name: 'Skip Camille Tremblay for Office 101' })).toBeTruthy();
    for (const done of ['Alex', 'Chris', 'Robin']) expect(within(row(done)).queryAllByRole('button')).toEqual([]);

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary.textContent).toContain('OfferingOn: once freed, the unit is offered to the next in line and held for them for 48 hours');
    expect(summary.textContent).toContain('Waiting3');
    expect(summary.textContent).toContain('Open offer—');
    expect(screen.getByRole('button', { name: 'Offer to the next in line' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause offers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Inventory' }).getAttribute('href')).toBe('/staff/inventory');
  });

  it('offers the unit to the next in line after a confirmation, POSTs no entry, and shows the answered queue', async () => {
    let state = waiting;
    const requests = queueServer(
      () => state,
      () => {
        state = offeredToCamille;
        return answer(unitQueueChanged, state);
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Offer to the next in line' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Office 101 to Camille Tremblay?' });
    expect(dialog.textContent).toContain('Camille Tremblay gets an e-mail with a link to claim it, and the unit is held for them for 48 hours.');
    expect(posts(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Offer now' }));

    await waitFor(() => expect(notice().textContent).toBe('Office 101 is offered to Camille Tremblay until Nov 21, 2026, 9:30 a.m.'));
    expect(posts(requests)).toEqual([{ method: 'POST', path: '/admin-api/units/7/waitlist/offer', body: {}, contentType: 'application/json' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its button gone with the offer made, focus is at the page's heading, where the notice follows.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(within(row('Camille')).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual([
      '—',
      'Offered until Nov 21, 2026, 9:30 a.m.',
      'Oct 13, 2026, 11:00 a.m.',
      'Until Nov 21, 2026, 9:30 a.m.Offered Nov 19, 2026, 9:30 a.m. by lea@example.com',
    ]);
    expect(within(row('Jordan')).getAllByRole('cell')[0]!.textContent).toBe('1st in line');
    // One open offer at a time: nobody else can be offered it now, but the holder can still be skipped.
    expect(screen.queryByRole('button', { name: /^Offer now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Offer to the next in line' })).toBeNull();
    expect(within(row('Camille')).getByRole('button', { name: 'Skip Camille Tremblay for Office 101' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toContain('Open offerCamille Tremblay, until Nov 21, 2026, 9:30 a.m.');
    // The answer was shown as it came: the queue was not asked for again.
    expect(requests.filter((r) => r.path === '/admin-api/units/7/waitlist')).toHaveLength(1);
  });

  it('offers it to the entry staff choose', async () => {
    const requests = queueServer(
      () => waiting,
      () =>
        answer(unitQueueChanged, {
          ...waiting,
          open_offer: offer(4, {}),
          queue: [declined, skipped, camille, { ...jordan, status: 'offered', place: null, offer: offer(4, {}) }, left, { ...sam, place: 2 }],
        }),
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Offer now to Jordan Lee' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Offer Office 101 to Jordan Lee?' })).getByRole('button', { name: 'Offer now' }));
    await waitFor(() => expect(notice().textContent).toBe('Office 101 is offered to Jordan Lee until Nov 21, 2026, 9:30 a.m.'));
    expect(posts(requests)).toEqual([{ method: 'POST', path: '/admin-api/units/7/waitlist/offer', body: { entry_id: 4 }, contentType: 'application/json' }]);
  });

  it('asks before skipping an open offer, then POSTs the skip and says who has it now', async () => {
    let state = offeredToCamille;
    const requests = queueServer(
      () => state,
      () => {
        state = offeredToJordan;
        return answer(unitQueueChanged, state);
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Skip Camille Tremblay for Office 101' }));
    let dialog = screen.getByRole('dialog', { name: 'Skip Camille Tremblay for Office 101?' });
    expect(dialog.textContent).toContain('Camille Tremblay holds an open offer of Office 101. Skipping ends it now');
    // Cancelled: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Skip Camille Tremblay for Office 101' }));
    dialog = screen.getByRole('dialog', { name: 'Skip Camille Tremblay for Office 101?' });
    await user.click(within(dialog).getByRole('button', { name: 'End the offer and skip' }));
    await waitFor(() => expect(notice().textContent).toBe('Camille Tremblay is skipped for Office 101. It is now offered to Jordan Lee until Nov 21, 2026, 10:00 a.m.'));
    expect(posts(requests)).toEqual([{ method: 'POST', path: '/admin-api/waitlist/3/skip', body: { unit_id: 7 }, contentType: 'application/json' }]);
    expect(within(row('Camille')).getAllByRole('cell')[1]!.textContent).toBe('Skipped');
    expect(within(row('Jordan')).getAllByRole('cell')[1]!.textContent).toBe('Offered until Nov 21, 2026, 10:00 a.m.');
    expect(within(row('Jordan')).getAllByRole('cell')[3]!.textContent).toContain('by the server (automatically)');
    expect(within(row('Sam')).getAllByRole('cell')[0]!.textContent).toBe('1st in line');
  });

  it('skips a waiting entry after a confirmation; the offer in progress stays where it is', async () => {
    const requests = queueServer(
      () => offeredToCamille,
      () => answer(unitQueueChanged, { ...offeredToCamille, queue: offeredToCamille.queue.map((e) => (e.entry_id === 6 ? { ...e, status: 'skipped' as const, place: null } : e)) }),
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Skip Sam Nguyen for Office 101' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip Sam Nguyen for Office 101?' });
    expect(dialog.textContent).toContain('Sam Nguyen loses their place in line for Office 101');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(notice().textContent).toBe('Sam Nguyen is skipped for Office 101.'));
    expect(posts(requests)).toEqual([{ method: 'POST', path: '/admin-api/waitlist/6/skip', body: { unit_id: 7 }, contentType: 'application/json' }]);
    expect(within(row('Sam')).getAllByRole('cell').map((c) => c.textContent).slice(0, 2)).toEqual(['—', 'Skipped']);
  });

  it('pauses and resumes the offers with one button that keeps the focus; resumed, a free unit is offered at once', async () => {
    let state = waiting;
    const requests = queueServer(
      () => state,
      (request) => {
        state = request.path.endsWith('/pause') ? { ...waiting, unit: { ...office, waitlist_paused: true } } : offeredToCamille;
        return answer(unitQueueChanged, state);
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    const toggle = await screen.findByRole('button', { name: 'Pause offers' });
    await user.click(toggle);
    await waitFor(() => expect(notice().textContent).toBe('Offers of Office 101 are paused: once freed, it goes on sale.'));
    expect(toggle.textContent).toBe('Resume offers');
    expect(document.activeElement).toBe(toggle);
    expect(screen.getByRole('region', { name: 'Summary' }).textContent).toContain('OfferingPaused: once freed, the unit goes on sale');

    await user.click(toggle);
    await waitFor(() => expect(notice().textContent).toBe('Offers of Office 101 are back on. It is now offered to Camille Tremblay until Nov 21, 2026, 9:30 a.m.'));
    expect(toggle.textContent).toBe('Pause offers');
    expect(document.activeElement).toBe(toggle);
    expect(posts(requests)).toEqual([
      { method: 'POST', path: '/admin-api/units/7/waitlist/pause', body: {}, contentType: 'application/json' },
      { method: 'POST', path: '/admin-api/units/7/waitlist/resume', body: {}, contentType: 'application/json' },
    ]);
  });

  it("shows a refusal in the server's words and reads the queue again", async () => {
    let state = waiting;
    const requests = queueServer(
      () => state,
      () => {
        // Meanwhile the server offered it by itself.
        state = offeredToCamille;
        return refusal(409, 'This unit is already offered to entry 3 until 2026-11-21T14:30:00.000Z');
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/inventory/7/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Offer now to Jordan Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer Office 101 to Jordan Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Offer now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This unit is already offered to entry 3 until 2026-11-21T14:30:00.000Z');
    await waitFor(() => expect(requests.filter((r) => r.path === '/admin-api/units/7/waitlist')).toHaveLength(2));
    await waitFor(() => expect(within(row('Camille')).getAllByRole('cell')[1]!.textContent).toBe('Offered until Nov 21, 2026, 9:30 a.m.'));

    // A pause refused: the notice area says why.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    queueServer(() => state, () => refusal(404, 'No unit 7'));
    await user.click(screen.getByRole('button', { name: 'Pause offers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No unit 7');
  });

  it('in French, the server\'s refusals too', async () => {
    queueServer(() => offeredToCamille, () => refusal(409, 'Offers are already paused for this unit', 'offers_already_paused'));
    renderConsole('/staff/inventory/7/waitlist', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste d’attente · Office 101' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Liste d’attente de Office 101, dans l’ordre des offres' })).toBeTruthy();
    const cells = (name: string) => within(row(name)).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('Alex').slice(0, 4)).toEqual(['—', 'Offre refusée', '11 oct. 2026, 11 h 00', 'Refusée le 3 nov. 2026, 09 h 00Offert le 2 nov. 2026, 10 h 00 par le serveur (automatiquement)']);
    expect(cells('Camille').slice(0, 4)).toEqual(['—', 'Offre en cours jusqu’au 21 nov. 2026, 09 h 30', '13 oct. 2026, 11 h 00', 'Jusqu’au 21 nov. 2026, 09 h 30Offert le 19 nov. 2026, 09 h 30 par lea@example.com']);
    expect(cells('Jordan').slice(0, 2)).toEqual(['1er rang', 'En attente']);
    expect(cells('Sam').slice(0, 2)).toEqual(['2e rang', 'En attente']);
    expect(cells('Robin').slice(0, 2)).toEqual(['—', 'En attenteA quitté la liste d’attente']);
    expect(within(row('Camille')).getByRole('button', { name: 'Écarter Camille Tremblay pour Office 101' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Résumé' });
    expect(summary.textContent).toContain(`OffresActivées${nbsp}: une fois libéré, l’espace est offert à la personne suivante et retenu pour elle 48 heures`);
    expect(summary.textContent).toContain('Offre en coursCamille Tremblay, jusqu’au 21 nov. 2026, 09 h 30');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Suspendre les offres' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Les offres de cet espace sont déjà suspendues');
  });
});

describe('the inventory', () => {
  const units: StaffUnit[] = [
    office,
    { ...office, id: 8, office_id: 'OFF-102', name: 'Office 102', waitlist_waiting: 1, waitlist_offer_until: until, waitlist_paused: true, is_available: false },
    { ...office, id: 9, office_id: 'DESK-1', name: 'Desk 1', service_type: 'assigned_desk', waitlist_waiting: 0 },
    { ...office, id: 10, office_id: 'CONF-A', name: 'Room A', service_type: 'conference_room', waitlist_waiting: 0 },
  ];
  const unitsServer = () => fakeAdminApi((request) => (request.path === '/admin-api/units' ? answer(staffUnitsResponse, { success: true, units }) : undefined));
  const glance = (code: string) => document.querySelector(`tr[data-unit="${code}"]`)!.querySelectorAll('td')[4]!;

  it("shows each rentable unit's waitlist at a glance, with a link to its queue", async () => {
    unitsServer();
    renderConsole('/staff/inventory');
    await screen.findByRole('table', { name: 'Private office: units, availability and price' });
    expect(screen.getAllByRole('columnheader', { name: 'Waitlist' })).toHaveLength(3);
    expect(glance('OFF-101').textContent).toBe('3 waitingSee the queue');
    expect(glance('OFF-102').textContent).toBe('Offered until Nov 21, 2026, 9:30 a.m.1 waitingOffers pausedSee the queue');
    expect(glance('DESK-1').textContent).toBe('Nobody waitingSee the queue');
    expect(glance('CONF-A').textContent).toBe('—');
    expect(screen.getByRole('link', { name: 'See the queue of Office 101' }).getAttribute('href')).toBe('/staff/inventory/7/waitlist');
    // The row's one badge stays its availability.
    expect(document.querySelectorAll('tr[data-unit="OFF-102"] .badge')).toHaveLength(1);
  });

  it('in French', async () => {
    unitsServer();
    renderConsole('/staff/inventory', 'fr');
    await screen.findByRole('table', { name: `Bureau privé${nbsp}: espaces, disponibilité et prix` });
    expect(glance('OFF-101').textContent).toBe('3 en attenteVoir la file d’attente');
    expect(glance('OFF-102').textContent).toBe('Offert jusqu’au 21 nov. 2026, 09 h 301 en attenteOffres suspenduesVoir la file d’attente');
    expect(screen.getByRole('link', { name: 'Voir la file d’attente de Office 101' }).getAttribute('href')).toBe('/staff/inventory/7/waitlist');
  });
});
