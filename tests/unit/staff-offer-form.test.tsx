// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffOffersResponse, staffUnitsResponse, type StaffUnit } from '../../src/shared/contract/staff-console.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole } from './staff-waitlist-console.tsx';

/*
 * The console's New offer form says until when the offer can be signed as its start is picked:
 * 30 days from today, cut to the start date (a lease is signed by its start, never after it),
 * and words the server's refusal of a start before today beside the field. The clock is the
 * space's Thursday 19 November 2026.
 */

const office: StaffUnit = {
  id: 1,
  office_id: 'OFF-101',
  service_code: 'DO-101',
  name: 'Office 101 - Window',
  service_type: 'dedicated_office',
  location_code: 'F1-101',
  seating_capacity: 2,
  base_monthly_rate: '1200.00',
  is_available: true,
  next_available_date: null,
  retired_at: null,
  updated_at: '2026-11-01T12:00:00Z',
  waitlist_paused: false,
  waitlist_waiting: 0,
  waitlist_offer_until: null,
};

function consoleApi() {
  return fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/lease-offers') return answer(staffOffersResponse, { success: true, offers: [] });
    if (request.method === 'GET' && request.path === '/admin-api/units') return answer(staffUnitsResponse, { success: true, units: [office] });
    if (request.method === 'POST' && request.path === '/admin-api/lease-offers') {
      return refusal(400, 'start_date: must be today (2026-11-19) or later: a lease is signed by its start date', 'invalid_request', {
        fields: [{ path: 'start_date', code: 'not_before_today', params: { today: '2026-11-19' } }],
      });
    }
    return undefined;
  });
}

async function openForm(newOffer: string) {
  await userEvent.click(await screen.findByRole('button', { name: newOffer }));
  return screen.findByLabelText(/^(Start date|Date de début)/);
}

describe('the console’s new lease offer form', () => {
  beforeEach(setUpConsole);
  afterEach(() => {
    cleanup();
    tearDownConsole();
  });

  it('says the offer closes by the end of its start date, or 30 days from today if sooner, as the start is picked', async () => {
    consoleApi();
    renderConsole('/staff/lease-offers');
    const start = await openForm('New offer');
    // The form's start, 1 December, comes before 19 December: the offer closes with it.
    expect(start.getAttribute('min')).toBe('2026-11-19');
    expect(screen.getByText(/can be signed until the end of December 1, 2026 \(Montréal time\)/)).toBeTruthy();
    fireEvent.change(start, { target: { value: '2027-01-15' } });
    expect(screen.getByText(/can be signed until the end of December 19, 2026 \(Montréal time\): 30 days from today/)).toBeTruthy();
  });

  it('says it in French, and words the refusal of a start before today beside the field', async () => {
    const requests = consoleApi();
    renderConsole('/staff/lease-offers', 'fr');
    const start = await openForm('Nouvelle offre');
    expect(screen.getByText(/peut être signée jusqu’à la fin de la journée du 1\S* décembre 2026 \(heure de Montréal\)\s: 30 jours/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Courriel/), 'tenant@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: /Office 101 - Window/ }));
    fireEvent.change(start, { target: { value: '2026-11-18' } });
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’offre' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(await screen.findAllByText(/doit être aujourd’hui \(2026-11-19\) ou plus tard/)).not.toHaveLength(0);
  });
});
