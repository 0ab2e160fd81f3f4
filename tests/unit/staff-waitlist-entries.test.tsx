// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unitQueueChanged, type StaffUnit } from '../../src/shared/contract/staff-console.ts';
import { waitlistListResponse, type WaitlistEntryRecord } from '../../src/shared/contract/waitlist.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

type EntryUnit = WaitlistEntryRecord['offices'][number];

const office101 = { id: 7, office_id: 'OFF-101', name: 'Office 101' };
const desk = { id: 9, office_id: 'DESK-1', name: 'Desk 1' };
const parking = { id: 11, office_id: 'P-3', name: 'Parking 3' };

/** Saturday 21 November, 9:30 AM at the space. */
const until = '2026-11-21T14:30:00.000Z';

const unit = (which: typeof office101, fields: Partial<EntryUnit>): EntryUnit => ({ ...which, status: 'waiting', place: null, offer_expires_at: null, ...fields });

function record(id: number, customer_name: string, state: WaitlistEntryRecord['state'], offices: EntryUnit[]): WaitlistEntryRecord {
  return {
    id,
    created_at: `2026-10-${10 + id}T15:00:00.000Z`,
    customer_name,
    email: `${customer_name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: null,
    number_of_users: 2,
    budget_min: null,
    budget_max: null,
    desired_start_date: null,
    offices,
    state,
    contacted_at: null,
    language: 'en',
  };
}

/** One entry in each state, newest first. */
const camille = record(9, 'Camille Tremblay', 'offered', [unit(office101, { status: 'offered', offer_expires_at: until }), unit(desk, { place: 2 })]);
const entries: WaitlistEntryRecord[] = [
  camille,
  record(8, 'Jordan Lee', 'waiting', [unit(office101, { place: 1 }), unit(parking, { place: 3 })]),
  record(7, 'Alex Martin', 'claimed', [unit(desk, { status: 'claimed' }), unit(parking, { place: 1 })]),
  record(6, 'Chris Roy', 'declined', [unit(office101, { status: 'declined' })]),
  record(5, 'Dana Cote', 'expired', [unit(desk, { status: 'expired' })]),
  record(4, 'Eli Bouchard', 'skipped', [unit(parking, { status: 'skipped' })]),
  record(3, 'Robin Gagnon', 'left', [unit(office101, {})]),
];

const list = (shown: WaitlistEntryRecord[]) => answer(waitlistListResponse, { success: true, data: { entries: shown, next_cursor: null } });

function waitlistServer(shown: () => WaitlistEntryRecord[], post: (request: ApiRequest) => Response = () => refusal(500, 'not in this test')) {
  return fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/waitlist') return list(shown());
    if (request.method === 'POST') return post(request);
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: /Waitlist entries|Inscriptions à la liste d’attente/ });
const row = (name: string) => within(table()).getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const cell = (name: string, column: string) => row(name).querySelector<HTMLElement>(`td[data-label="${column}"]`)!;
/** Each unit of an entry as staff read it: its name, then where the entry stands for it. */
const units = (name: string, column = 'Offices') => [...cell(name, column).querySelectorAll('li')].map((li) => [...li.querySelectorAll('.cell-title, .cell-meta')].map((e) => e.textContent).join(' — '));

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe('the waitlist page', () => {
  it("shows each entry's state, and for each of its units where it stands and its place in line", async () => {
    waitlistServer(() => entries);
    renderConsole('/staff/waitlist');
    await screen.findByRole('table', { name: 'Waitlist entries, newest first' });
    const state = (name: string) => cell(name, 'State').textContent;
    expect(state('Camille')).toBe('Offered until Nov 21, 2026, 9:30 a.m.');
    expect(state('Jordan')).toBe('Waiting');
    expect(state('Alex')).toBe('Claimed');
    expect(state('Chris')).toBe('Declined');
    expect(state('Dana')).toBe('Expired');
    expect(state('Eli')).toBe('Skipped');
    expect(state('Robin')).toBe('Left the waitlist');

    expect(units('Camille')).toEqual(['Office 101 (OFF-101) — Offered until Nov 21, 2026, 9:30 a.m.', 'Desk 1 (DESK-1) — Waiting · 2nd in line']);
    expect(units('Jordan')).toEqual(['Office 101 (OFF-101) — Waiting · 1st in line', 'Parking 3 (P-3) — Waiting · 3rd in line']);
    expect(units('Alex')).toEqual(['Desk 1 (DESK-1) — Claimed', 'Parking 3 (P-3) — Waiting · 1st in line']);
    expect(units('Chris')).toEqual(['Office 101 (OFF-101) — Declined']);
    expect(units('Dana')).toEqual(['Desk 1 (DESK-1) — Expired']);
    expect(units('Eli')).toEqual(['Parking 3 (P-3) — Skipped']);
    expect(within(cell('Camille', 'Offices')).getByRole('link', { name: 'Office 101 (OFF-101)' }).getAttribute('href')).toBe('/staff/inventory/7/waitlist');

    // Skip while the entry waits for a unit or holds its offer; never once it left or claimed one.
    const skips = within(table())
      .queryAllByRole('button', { name: /^Skip / })
      .map((b) => b.getAttribute('aria-label'));
    expect(skips).toEqual(['Skip Camille Tremblay for Office 101', 'Skip Camille Tremblay for Desk 1', 'Skip Jordan Lee for Office 101', 'Skip Jordan Lee for Parking 3']);
  });

  it('in French', async () => {
    waitlistServer(() => entries);
    renderConsole('/staff/waitlist', 'fr');
    await screen.findByRole('table', { name: 'Inscriptions à la liste d’attente, les plus récentes d’abord' });
    const state = (name: string) => cell(name, 'État').textContent;
    expect(state('Camille')).toBe('Offre en cours jusqu’au 21 nov. 2026, 09 h 30');
    expect(state('Jordan')).toBe('En attente');
    expect(state('Alex')).toBe('Espace obtenu');
    expect(state('Chris')).toBe('Offre refusée');
    expect(state('Dana')).toBe('Offre expirée');
    expect(state('Eli')).toBe('Écartée');
    expect(state('Robin')).toBe('A quitté la liste d’attente');
    expect(units('Camille', 'Espaces')).toEqual(['Office 101 (OFF-101) — Offre en cours jusqu’au 21 nov. 2026, 09 h 30', 'Desk 1 (DESK-1) — En attente · 2e rang']);
    expect(units('Jordan', 'Espaces')).toEqual(['Office 101 (OFF-101) — En attente · 1er rang', 'Parking 3 (P-3) — En attente · 3e rang']);
    expect(units('Alex', 'Espaces')).toEqual(['Desk 1 (DESK-1) — Obtenu', 'Parking 3 (P-3) — En attente · 1er rang']);
    expect(units('Eli', 'Espaces')).toEqual(['Parking 3 (P-3) — Écartée']);
    expect(within(row('Camille')).getByRole('button', { name: 'Écarter Camille Tremblay pour Office 101' })).toBeTruthy();
  });

  it('asks before skipping an open offer, then POSTs the skip, shows the list read again and says who has the unit now', async () => {
    let shown = entries;
    const office: StaffUnit = {
      ...office101,
      service_code: null,
      service_type: 'dedicated_office',
      location_code: null,
      seating_capacity: 2,
      base_monthly_rate: '1200.00',
      is_available: false,
      next_available_date: null,
      retired_at: null,
      updated_at: '2026-11-01T12:00:00.000Z',
      waitlist_paused: false,
      waitlist_waiting: 0,
      waitlist_offer_until: '2026-11-21T15:00:00.000Z',
    };
    const jordanOffer = { id: '52', entry_id: 8, status: 'open' as const, offered_at: '2026-11-19T15:00:00.000Z', expires_at: '2026-11-21T15:00:00.000Z', closed_at: null, offered_by: 'waitlist', order_id: null };
    const requests = waitlistServer(
      () => shown,
      () => {
        shown = [
          record(9, 'Camille Tremblay', 'waiting', [unit(office101, { status: 'skipped' }), unit(desk, { place: 2 })]),
          record(8, 'Jordan Lee', 'offered', [unit(office101, { status: 'offered', offer_expires_at: jordanOffer.expires_at }), unit(parking, { place: 3 })]),
          ...entries.slice(2),
        ];
        return answer(unitQueueChanged, {
          success: true,
          unit: office,
          open_offer: jordanOffer,
          queue: [
            { entry_id: 8, customer_name: 'Jordan Lee', email: 'jordan@example.com', created_at: '2026-10-18T15:00:00.000Z', status: 'offered', place: null, left: false, claimed: false, offer: jordanOffer },
            { entry_id: 9, customer_name: 'Camille Tremblay', email: 'camille@example.com', created_at: '2026-10-19T15:00:00.000Z', status: 'skipped', place: null, left: false, claimed: false, offer: null },
          ],
        });
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Skip Camille Tremblay for Office 101' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip Camille Tremblay for Office 101?' });
    expect(dialog.textContent).toContain('Camille Tremblay holds an open offer of Office 101. Skipping ends it now: their claim link stops working, and the unit is offered at once to the next in line');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End the offer and skip' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Camille Tremblay is skipped for Office 101. It is now offered to Jordan Lee until Nov 21, 2026, 10:00 a.m.'));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/admin-api/waitlist/9/skip', body: { unit_id: 7 }, contentType: 'application/json' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cell('Camille', 'State').textContent).toBe('Waiting');
    expect(units('Camille')).toEqual(['Office 101 (OFF-101) — Skipped', 'Desk 1 (DESK-1) — Waiting · 2nd in line']);
    expect(cell('Jordan', 'State').textContent).toBe('Offered until Nov 21, 2026, 10:00 a.m.');
  });

  it("asks before skipping a waiting entry too, and shows a refusal in the server's words", async () => {
    const requests = waitlistServer(
      () => entries,
      () => refusal(409, 'This entry left the waitlist'),
    );
    const user = userEvent.setup();
    renderConsole('/staff/waitlist');
    await user.click(await screen.findByRole('button', { name: 'Skip Jordan Lee for Parking 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Skip Jordan Lee for Parking 3?' });
    expect(dialog.textContent).toContain('Jordan Lee loses their place in line for Parking 3 and will not be offered it.');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This entry left the waitlist');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/admin-api/waitlist/8/skip', body: { unit_id: 11 }, contentType: 'application/json' }]);
    // Refused: the list is read again, to show where things now stand.
    await waitFor(() => expect(requests.filter((r) => r.path === '/admin-api/waitlist')).toHaveLength(2));
  });
});
