// @vitest-environment jsdom
/// <reference types="vite/client" />
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import type { OfficeId } from '../../src/shared/domain/waitlist-rules.ts';
import { EnquiryForm, waitlistOffices } from '../../src/web/features/waitlist/enquiry-form.tsx';
import { pickerCap, pickerThreshold } from '../../src/web/features/waitlist/office-picker.tsx';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';

/** The device's draft, in memory, and what the form sent. */
const device = vi.hoisted(() => ({ draft: undefined as unknown, sent: [] as unknown[] }));
vi.mock('../../src/web/storage/waitlist-outbox.ts', () => ({
  readWaitlistDraft: async () => device.draft,
  writeWaitlistDraft: async (draft: unknown) => {
    device.draft = draft;
  },
  clearWaitlistDraft: async () => {
    device.draft = undefined;
  },
  readOutboxEntry: async () => undefined,
  subscribeOutbox: () => () => undefined,
  enqueueWaitlistEntry: async (entry: unknown) => {
    device.sent.push(entry);
    return { key: 'k', url: '/public-api/waitlist', entry, label: '', createdAt: 0, attempts: 0, nextAttemptAt: 0, state: 'pending' };
  },
  replaceWaitlistEntry: async () => undefined,
  sendQueuedNow: async () => ({ kind: 'sent' }),
  sendUnqueued: async () => ({ networkError: true }),
  discardEntry: async () => undefined,
}));

const kinds = [
  { service_type: 'dedicated_office', prefix: 'OFF', label: 'Office' },
  { service_type: 'assigned_desk', prefix: 'DSK', label: 'Desk' },
  { service_type: 'hotdesk', prefix: 'HOT', label: 'Hot Desk' },
  { service_type: 'parking_spot', prefix: 'PRK', label: 'Parking Spot' },
] as const;

/**
 * A multi-site operator's inventory: `waitlisted` occupied units over the four table types, plus
 * available units and a conference room, which the waitlist leaves out.
 */
function inventory(waitlisted: number): Office[] {
  const units: Office[] = [];
  for (let i = 1; i <= waitlisted; i++) {
    const kind = kinds[i % kinds.length]!;
    const n = String(i).padStart(4, '0');
    units.push({
      id: i,
      office_id: `${kind.prefix}-${n}`,
      service_code: `SC-${n}`,
      name: `${kind.label} ${n}`,
      service_type: kind.service_type,
      location_code: `S${(i % 4) + 1}-F${(i % 9) + 1}-${n}`,
      base_monthly_rate: '900.00',
      is_available: false,
      next_available_date: i % 3 === 0 ? null : '2099-03-01',
    });
  }
  units.push(
    { id: 90001, office_id: 'OFF-FREE', name: 'Office Free', service_type: 'dedicated_office', is_available: true, next_available_date: null },
    { id: 90002, office_id: 'CONF-A', name: 'Conference Room Saint-Laurent', service_type: 'conference_room', is_available: false, next_available_date: null },
  );
  return units;
}

/** 600 waitlisted units, one of them in Montréal and one in the Plateau's parking, by location code. */
const big = [
  ...inventory(598),
  { id: 7001, office_id: 'OFF-MTL-1', name: 'Bureau Montréal Centre', service_type: 'dedicated_office', location_code: 'MTL-F4-12', is_available: false, next_available_date: null },
  { id: 7002, office_id: 'PRK-PLT-9', name: 'Parking Spot Rachel', service_type: 'parking_spot', location_code: 'PLATEAU-B2-09', is_available: false, next_available_date: null },
] satisfies Office[];

function renderForm(offices: readonly Office[], props: { lang?: Lang; preselected?: OfficeId } = {}) {
  render(
    <LanguageProvider initial={props.lang ?? 'en'}>
      <EnquiryForm offices={offices} preselected={props.preselected} onSent={vi.fn()} />
    </LanguageProvider>,
  );
}

const boxes = () => screen.queryAllByRole('checkbox') as HTMLInputElement[];
const boxNames = () => boxes().map((b) => b.closest('li')?.querySelector('.waitlist-offices__name')?.textContent);
const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const search = () => screen.getByRole('searchbox', { name: 'Find a space' });

beforeEach(() => {
  device.draft = undefined;
  device.sent = [];
});

afterEach(() => cleanup());

describe('a small waitlist: every box, no search', () => {
  it.each([
    { waitlisted: 25, search: false },
    { waitlisted: pickerThreshold, search: false },
    { waitlisted: pickerThreshold + 1, search: true },
  ])('$waitlisted units on the waitlist: search shown $search', ({ waitlisted, search: shown }) => {
    const offices = inventory(waitlisted);
    renderForm(offices);
    expect(screen.queryByRole('searchbox') !== null).toBe(shown);
    if (shown) return;
    expect(boxNames()).toEqual(waitlistOffices(offices).map((o) => o.name));
  });
});

describe('a large waitlist', () => {
  it(`shows a search and at most ${pickerCap} boxes, in the waitlist's order, and says how many`, () => {
    renderForm(big);
    expect(search()).toBeTruthy();
    expect(boxes()).toHaveLength(pickerCap);
    expect(boxNames()).toEqual(
      waitlistOffices(big)
        .slice(0, pickerCap)
        .map((o) => o.name),
    );
    expect(screen.getByText('Showing 30 of 600 matching spaces. Type to narrow the list.')).toBeTruthy();
  });

  it('finds a space by its name, without minding accents or case', async () => {
    renderForm(big);
    await userEvent.type(search(), 'MONTREAL');
    await waitFor(() => expect(boxNames()).toEqual(['Bureau Montréal Centre']));
    expect(await screen.findByText('1 matching space.')).toBeTruthy();
    await userEvent.clear(search());
    await userEvent.type(search(), 'montréal centre');
    await waitFor(() => expect(boxNames()).toEqual(['Bureau Montréal Centre']));
  });

  it.each([
    { what: 'office_id', query: 'prk-plt' },
    { what: 'location code', query: 'plateau-b2' },
    { what: 'service code', query: 'sc-0457' },
  ])('finds a space by its $what', async ({ query }) => {
    renderForm(big);
    await userEvent.type(search(), query);
    await waitFor(() => expect(boxes()).toHaveLength(1));
    expect(boxNames()[0]).toMatch(query === 'sc-0457' ? /0457/ : /Rachel/);
  });

  it('filters by type, with the service-type names, and combines it with the search', async () => {
    renderForm(big);
    const type = screen.getByRole('combobox', { name: 'Type of space' });
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['All types', 'Private office', 'Assigned desk', 'Hot desk', 'Parking spot']);
    await userEvent.selectOptions(type, 'Parking spot');
    const parking = waitlistOffices(big).filter((o) => o.service_type === 'parking_spot');
    await waitFor(() => expect(boxNames()).toEqual(parking.slice(0, pickerCap).map((o) => o.name)));
    expect(await screen.findByText(`Showing 30 of ${parking.length} matching spaces. Type to narrow the list.`)).toBeTruthy();
    await userEvent.type(search(), 'rachel');
    await waitFor(() => expect(boxNames()).toEqual(['Parking Spot Rachel']));
    await userEvent.selectOptions(type, 'Private office');
    await waitFor(() => expect(boxes()).toHaveLength(0));
    expect(await screen.findByText('No space matches your search.')).toBeTruthy();
  });

  it('says when fewer than the cap match, and when none does', async () => {
    renderForm(big);
    await userEvent.type(search(), 's1-f1-');
    const site = waitlistOffices(big).filter((o) => o.location_code?.startsWith('S1-F1-'));
    expect(site.length).toBeLessThan(pickerCap);
    await waitFor(() => expect(boxNames()).toEqual(site.map((o) => o.name)));
    expect(await screen.findByText(`${site.length} matching spaces.`)).toBeTruthy();
    await userEvent.type(search(), 'zzz');
    await waitFor(() => expect(boxes()).toHaveLength(0));
    expect(await screen.findByText('No space matches your search.')).toBeTruthy();
  });

  it('keeps a preselected office first and checked, whatever the search', async () => {
    renderForm(big, { preselected: 7002 });
    expect(boxNames()[0]).toBe('Parking Spot Rachel');
    expect(boxes()).toHaveLength(pickerCap + 1);
    await userEvent.type(search(), 'montreal');
    await waitFor(() => expect(boxNames()).toEqual(['Parking Spot Rachel', 'Bureau Montréal Centre']));
    expect(box(/Parking Spot Rachel/)).toHaveProperty('checked', true);
    expect(box(/Bureau Montréal Centre/)).toHaveProperty('checked', false);
    expect(await screen.findByText('1 matching space.')).toBeTruthy();
  });

  it('a box checked or unchecked stays where it is with the focus on it; the next search puts the chosen ones first', async () => {
    renderForm(big, { preselected: 7002 });
    await userEvent.type(search(), 's2-f2-');
    await waitFor(() => expect(boxes()).toHaveLength(18));
    expect(boxNames()[1]).toMatch(/^Desk /);
    const order = boxNames();
    const third = box(new RegExp(order[2]!));
    await userEvent.click(third);
    expect(third.checked).toBe(true);
    expect(document.activeElement).toBe(third);
    expect(boxNames()).toEqual(order);

    const rachel = box(/Parking Spot Rachel/);
    await userEvent.click(rachel);
    expect(rachel.checked).toBe(false);
    expect(rachel.isConnected).toBe(true);
    expect(document.activeElement).toBe(rachel);
    expect(boxNames()).toEqual(order);

    await userEvent.clear(search());
    await waitFor(() => expect(boxNames()[0]).toBe(order[2]));
    expect(boxNames()).not.toContain('Parking Spot Rachel');
    expect(boxes()).toHaveLength(pickerCap + 1);
  });

  it('offices chosen in a draft read back come first', async () => {
    const last = waitlistOffices(big).at(-1)!;
    device.draft = {
      customer_name: 'Luc',
      email: '',
      phone: '',
      number_of_users: '1',
      budget_min: '',
      budget_max: '',
      desired_start_date: '',
      service_offering_ids: [String(last.id)],
    };
    renderForm(big);
    await waitFor(() => expect(boxNames()[0]).toBe(last.name));
    expect(boxes()[0]!.checked).toBe(true);
  });

  it('keeps the three-office limit: at three the other boxes are disabled and the note appears', async () => {
    renderForm(big);
    for (const box of boxes().slice(0, 3)) await userEvent.click(box);
    expect(screen.getByText('Maximum of 3 offices selected')).toBeTruthy();
    expect(boxes().filter((b) => b.disabled)).toHaveLength(pickerCap - 3);
    await userEvent.type(search(), 'rachel');
    await waitFor(() => expect(boxes()).toHaveLength(4));
    expect(box(/Parking Spot Rachel/)).toHaveProperty('disabled', true);
  });

  it('Enter in the search does not send the form', async () => {
    renderForm(big, { preselected: 7001 });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name (required)' }), 'Luc');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail (required)' }), 'luc@example.ca');
    await userEvent.type(search(), 'rachel{Enter}');
    await waitFor(() => expect(boxNames()).toContain('Parking Spot Rachel'));
    expect(device.sent).toEqual([]);
  });

  it('counts with thousands in English and in French', async () => {
    const huge = inventory(1487);
    renderForm(huge);
    expect(screen.getByText('Showing 30 of 1,487 matching spaces. Type to narrow the list.')).toBeTruthy();
    cleanup();

    renderForm(huge, { lang: 'fr' });
    const field = screen.getByRole('searchbox', { name: 'Trouver un espace' });
    expect(screen.getByText(/^Affichage de 30 des 1\s487 espaces correspondants\. Tapez pour préciser la liste\.$/)).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Type d’espace' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les types',
      'Bureau privé',
      'Poste attitré',
      'Poste flexible',
      'Place de stationnement',
    ]);
    await userEvent.type(field, 'office 0004');
    expect(await screen.findByText('1 espace correspondant.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'office 000');
    expect(await screen.findByText('3 espaces correspondants.')).toBeTruthy();
    const found = ['Office 0004', 'Office 0008', 'Office 1000'];
    expect(boxNames()).toEqual(waitlistOffices(huge).filter((o) => found.includes(o.name)).map((o) => o.name));
    await userEvent.type(field, 'x');
    expect(await screen.findByText('Aucun espace ne correspond à votre recherche.')).toBeTruthy();
  });

  it('the count is a status the search field is described by', () => {
    renderForm(big);
    const status = screen.getByText('Showing 30 of 600 matching spaces. Type to narrow the list.');
    expect(status.getAttribute('role')).toBe('status');
    expect(search().getAttribute('aria-describedby')?.split(' ')).toContain(status.id);
    expect(screen.getByText('Search by name, code or location.').id).toBe(search().getAttribute('aria-describedby')?.split(' ')[0]);
  });
});
