// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from './render-app.tsx';
import { declineToken, entryView, json, leaveToken, offerView, stubApi } from './waitlist-offer-support.ts';

vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => ({ default: () => null }));

const declinePath = `/public-api/waitlist/declines/${declineToken}`;
const entryPath = `/public-api/waitlist/entries/${leaveToken}`;

/** A request the test answers when it chooses. */
function deferred() {
  let answer: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer };
}

beforeEach(() => {
  // Wednesday 18 November 2026, 9:30 AM in Montréal.
  vi.useFakeTimers({ now: new Date('2026-11-18T14:30:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('the not-interested page', () => {
  it('asks to be sure; the button posts once however often it is pressed, then says it is done and takes the focus', async () => {
    const post = deferred();
    const requests = stubApi({
      [`GET ${declinePath}`]: json({ success: true, offer: offerView() }),
      [`POST ${declinePath}`]: post.promise,
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/decline/${declineToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not interested in Office 101 - Window?' })).toBeTruthy();
    expect(document.title).toBe('Not interested - Espace Cowork Montréal');
    expect(screen.getByRole('region', { name: 'The space' }).textContent).toContain('Office 101 - Window');
    expect(screen.getByText(/^Held for you until/).textContent).toContain('Nov 20, 2026, 8:00 a.m.');
    // Opening the page declines nothing.
    expect(requests.map((r) => r.method)).toEqual(['GET']);

    const button = screen.getByRole('button', { name: 'Yes, offer it to the next person' });
    // Two taps in one moment, before the page can show the first one's busy state, then more.
    fireEvent.click(button);
    fireEvent.click(button);
    await user.dblClick(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy());
    const busy = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');

    post.answer(json({ success: true, status: 'declined' }));
    const done = await screen.findByText('Thank you: the space goes to the next person');
    expect(screen.getByText('We have passed it on. You keep your place in line for any other space you chose.')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText('Thank you: the space goes to the next person')).toBe(done);
    expect(document.activeElement?.contains(done)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Yes, offer it to the next person' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
  });

  it('409: the offer ended otherwise in the meantime, and the page says how', async () => {
    stubApi({
      [`GET ${declinePath}`]: json({ success: true, offer: offerView() }),
      [`POST ${declinePath}`]: json({ success: false, error: 'This offer was already claimed', status: 'claimed' }, 409),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/decline/${declineToken}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, offer it to the next person' }));
    const result = await screen.findByText('This offer was already claimed');
    expect(screen.getByText('The space was rented with this offer. The confirmation e-mail has the details.')).toBeTruthy();
    expect(document.activeElement?.contains(result)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Yes, offer it to the next person' })).toBeNull();
  });

  it('a failed POST can be tried again', async () => {
    let fail = true;
    const requests = stubApi({
      [`GET ${declinePath}`]: json({ success: true, offer: offerView() }),
      [`POST ${declinePath}`]: () => (fail ? json({ success: false, error: 'Try again later' }, 503) : json({ success: true, status: 'declined' })),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/decline/${declineToken}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, offer it to the next person' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try again later');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Yes, offer it to the next person' }));
    expect(await screen.findByText('Thank you: the space goes to the next person')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('an offer already declined, or ended otherwise, says so without a button', async () => {
    stubApi({ [`GET ${declinePath}`]: json({ success: true, offer: offerView({ status: 'declined' }) }) });
    renderAt(`/waitlist/decline/${declineToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You already told us you were not interested' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    cleanup();
    stubApi({ [`GET ${declinePath}`]: json({ success: true, offer: offerView({ status: 'withdrawn' }) }) });
    renderAt(`/waitlist/decline/${declineToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer was withdrawn' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
  });

  it('in French', async () => {
    stubApi({
      [`GET ${declinePath}`]: json({ success: true, offer: offerView({ language: 'fr' }) }),
      [`POST ${declinePath}`]: json({ success: true, status: 'declined' }),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/decline/${declineToken}`, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Office 101 - Window ne vous intéresse pas?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Oui, offrez-le à la personne suivante' }));
    expect(await screen.findByText('Merci : l’espace est offert à la personne suivante')).toBeTruthy();
  });

  it('an unknown link, and one that cannot be a link (never sent)', async () => {
    stubApi({});
    renderAt(`/waitlist/decline/${declineToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this offer' })).toBeTruthy();
    cleanup();
    const requests = stubApi({});
    renderAt('/waitlist/decline/short');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this offer' })).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('the leave page', () => {
  it('lists each space with where the entry stands, and leaves on confirmation', async () => {
    const requests = stubApi({
      [`GET ${entryPath}`]: json({ success: true, entry: entryView() }),
      [`POST ${entryPath}/leave`]: json({ success: true, state: 'left' }),
    });
    renderAt(`/waitlist/leave/${leaveToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your waitlist entry' })).toBeTruthy();
    expect(document.title).toBe('Leave the waitlist - Espace Cowork Montréal');
    expect(screen.getByText('Camille, you joined the waitlist on October 2, 2026. Here is where you stand:')).toBeTruthy();
    const spaces = within(screen.getByRole('region', { name: 'Your spaces' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(spaces).toEqual([
      'Office 101 - WindowPrivate office2nd in line',
      'Desk 4 - Open SpaceAssigned deskOffered to you until Nov 19, 2026, 9:00 a.m.',
      'Parking P2Parking spotYou declined it',
    ]);
    expect(screen.getByText('The offer you have now ends too, and the space goes to the next person.')).toBeTruthy();
    // Opening the page changes nothing.
    expect(requests.map((r) => r.method)).toEqual(['GET']);

    const leave = screen.getByRole('button', { name: 'Leave the waitlist' });
    fireEvent.click(leave);
    fireEvent.click(leave);
    const done = await screen.findByText('You have left the waitlist');
    expect(document.activeElement?.contains(done)).toBe(true);
    expect(screen.getByText('We will not write to you about these spaces again. You can join again at any time.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${entryPath}/leave`]);
  });

  it('an entry that has already left says so, without a button', async () => {
    stubApi({ [`GET ${entryPath}`]: json({ success: true, entry: entryView({ state: 'left' }) }) });
    renderAt(`/waitlist/leave/${leaveToken}`);
    expect(await screen.findByText('You have already left the waitlist')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
  });

  it('in French, places in line as Quebec writes them', async () => {
    stubApi({
      [`GET ${entryPath}`]: json({
        success: true,
        entry: entryView({
          language: 'fr',
          state: 'waiting',
          units: [
            { name: 'Office 101 - Window', office_id: 'OFF-101', service_type: 'dedicated_office', status: 'waiting', place: 1, offerExpiresAt: null },
            { name: 'Desk 4 - Open Space', office_id: 'DESK-4', service_type: 'assigned_desk', status: 'waiting', place: 3, offerExpiresAt: null },
          ],
        }),
      }),
    });
    renderAt(`/waitlist/leave/${leaveToken}`, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre inscription sur la liste d’attente' })).toBeTruthy();
    const spaces = within(screen.getByRole('region', { name: 'Vos espaces' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(spaces).toEqual(['Office 101 - WindowBureau privé1er dans la file', 'Desk 4 - Open SpacePoste attitré3e dans la file']);
    expect(screen.getByRole('button', { name: 'Quitter la liste d’attente' })).toBeTruthy();
  });

  it('an unknown link', async () => {
    stubApi({});
    renderAt(`/waitlist/leave/${leaveToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this waitlist entry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
  });
});
