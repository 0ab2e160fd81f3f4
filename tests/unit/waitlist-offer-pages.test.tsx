// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutRequest } from '../../src/shared/contract/checkout.ts';
import { renderAt } from './render-app.tsx';
import { claimToken, desk4, json, offerView, stubApi } from './waitlist-offer-support.ts';

vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => ({ default: () => null }));

const nbsp = '\u00a0';
const offerPath = `/public-api/waitlist/offers/${claimToken}`;
const checkoutPath = '/public-api/stripe/create-checkout-session';

/** This device's clock is two hours fast: 11:30 AM in Montréal where the server says 9:30 AM. */
const deviceNow = new Date('2026-11-18T16:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: deviceNow, toFake: ['Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('the claim page of an office', () => {
  it('greets the person and shows the unit, its price, until when it is held and the time left on the server’s clock', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView() }) });
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'A space is free for you, Camille' })).toBeTruthy();
    expect(document.title).toBe('Your waitlist offer - Espace Cowork Montréal');
    expect(screen.getByText(/You were on the waitlist for Office 101 - Window, and it is now free\. It is held for you alone for 48 hours/)).toBeTruthy();

    const unit = screen.getByRole('region', { name: 'The space' });
    expect(within(unit).getByText('Office 101 - Window')).toBeTruthy();
    expect(unit.textContent).toContain('TypePrivate office');
    expect(unit.textContent).toContain('LocationF1-N');
    expect(unit.textContent).toContain('Capacity3 people');
    // On sale: the list's 20% off.
    expect(unit.textContent).toContain('Monthly rateRegular price $1,200.00 $960.00/month (20% off)');

    expect(screen.getByText(/Held for you until/).textContent).toBe('Held for you until Nov 20, 2026, 8:00 a.m. (Montréal time)');
    // 9:30 AM to Friday 8 AM: 46 h 30 min, whatever this device's clock says.
    expect(screen.getByRole('timer').textContent).toBe('46 hours 30 minutes left');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).not.toContain('This offer has ended');

    expect(screen.getByText(/^Not interested\? Use the “I’m not interested” link in our e-mail/)).toBeTruthy();
  });

  it('offers renting only: the chooser without the daily card', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView() }) });
    renderAt(`/waitlist/offer/${claimToken}`);
    const choices = await screen.findByRole('region', { name: 'Choose how to rent Office 101 - Window' });
    const cards = within(choices).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(expect.arrayContaining(['MONTH-TO-MONTH', '12-MONTH LEASE']));
    expect(cards).not.toContain('DAILY');
    expect(within(choices).queryByRole('button', { name: 'Choose Days' })).toBeNull();
    expect(choices.textContent).toContain('$960.00/month');
    expect(choices.textContent).toContain('$912.00/month');
    const policy = within(choices).getByRole('region', { name: 'Cancellation policy' });
    expect(policy.textContent).not.toContain('Daily');
  });

  it('Proceed to Payment sends the claim token, and a cancelled checkout comes back to a page without it', async () => {
    const requests = stubApi({
      [`GET ${offerPath}`]: json({ success: true, offer: offerView() }),
      [`POST ${checkoutPath}`]: json({ success: false, error: 'Payments are paused for a moment.' }, 503),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/offer/${claimToken}`);
    await user.click(await screen.findByRole('button', { name: 'Rent Month-to-Month' }));
    const summary = screen.getByRole('region', { name: 'Rent Office 101 - Window' });
    expect(within(summary).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(summary).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(summary).findByText('Payments are paused for a moment.')).toBeTruthy();

    const sent = requests.filter((r) => r.method === 'POST' && r.path === checkoutPath);
    expect(sent).toHaveLength(1);
    const body = checkoutRequest.parse(sent[0]!.body);
    expect(body.waitlistOffer).toBe(claimToken);
    // The address the server stores and hands to the provider carries no token: this tab remembers it.
    expect(body.cancelUrl).toBe(`${window.location.origin}/waitlist/offer`);
    expect(sessionStorage.getItem('cowork.waitlist-claim')).toBe(claimToken);
    expect(body.successUrl).toBe(`${window.location.origin}/checkout-success`);
    expect(body.officeId).toBe('OFF-101');
    expect(body.pricing).toMatchObject({ rentalType: 'monthly', monthlyRate: 960, setupFee: 960, keyFee: 50, lastMonth: 960 });

    // Back to the chooser, which keeps the daily card out.
    await user.click(within(summary).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign a Lease Now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose Days' })).toBeNull();
  });

  it('in French', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView({ language: 'fr' }) }) });
    renderAt(`/waitlist/offer/${claimToken}`, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Un espace s’est libéré pour vous, Camille' })).toBeTruthy();
    expect(document.title).toBe('Votre offre de la liste d’attente - Espace Cowork Montréal');
    expect(screen.getByText(/Réservé pour vous jusqu’au/).textContent).toBe('Réservé pour vous jusqu’au 20 nov. 2026, 08 h 00 (heure de Montréal)');
    expect(screen.getByRole('timer').textContent).toBe('Il reste 46 heures et 30 minutes');
    expect(screen.getByRole('region', { name: 'L’espace' }).textContent).toContain(`960,00${nbsp}$/mois`);
    const choices = await screen.findByRole('region', { name: 'Choisissez comment louer Office 101 - Window' });
    expect(within(choices).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).not.toContain('À LA JOURNÉE');
    expect(screen.getByText(/^Ça ne vous intéresse plus\? Utilisez le lien « Ça ne m’intéresse pas »/)).toBeTruthy();
  });

  it('counts the time left down each minute, and when it runs out says the offer has ended and asks the server again', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ now: deviceNow, shouldAdvanceTime: true });
    // 30 minutes 30 seconds after the server's first answer; the time left is rounded down.
    const expiresAt = '2026-11-18T15:00:30.000Z';
    const serverNow = () => new Date(Date.now() - (deviceNow.getTime() - Date.parse('2026-11-18T14:30:00Z')));
    const requests = stubApi({
      [`GET ${offerPath}`]: () => {
        const now = serverNow();
        return json({ success: true, offer: offerView({ expiresAt, checkedAt: now.toISOString(), status: now.getTime() < Date.parse(expiresAt) ? 'open' : 'expired' }) });
      },
    });
    renderAt(`/waitlist/offer/${claimToken}`);
    expect((await screen.findByRole('timer')).textContent).toBe('30 minutes left');
    await act(async () => vi.advanceTimersByTime(31_000));
    expect(screen.getByRole('timer').textContent).toBe('29 minutes left');
    await act(async () => vi.advanceTimersByTime(28 * 60_000));
    expect(screen.getByRole('timer').textContent).toBe('1 minute left');
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer').textContent).toBe('Less than a minute left');
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer has ended' })).toBeTruthy();
    expect(screen.getByText('It ended on Nov 18, 2026, 10:00 a.m. (Montréal time).')).toBeTruthy();
    // Said in a live region that was there all along, so a screen reader hears it.
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('This offer has ended');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
    expect(requests.filter((r) => r.path === offerPath).length).toBe(2);
  });
});

describe('coming back from a cancelled claim checkout', () => {
  it('the tab that left for the checkout goes back to its claim page', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView() }) });
    sessionStorage.setItem('cowork.waitlist-claim', claimToken);
    const router = renderAt('/waitlist/offer');
    expect(await screen.findByRole('button', { name: 'Rent Month-to-Month' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/waitlist/offer/${claimToken}`);
  });

  it('another tab, with nothing to go back to, points to the e-mail’s link, in French too', async () => {
    sessionStorage.clear();
    renderAt('/waitlist/offer', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'De retour de la page de paiement' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inscrivez-vous sur la liste d’attente' }).getAttribute('href')).toBe('/waitlist');
  });
});

describe('the claim page of a desk', () => {
  it('shows the order summary at once', async () => {
    const requests = stubApi({
      [`GET ${offerPath}`]: json({ success: true, offer: offerView({ unit: desk4, expiresAt: '2026-11-19T13:00:00.000Z' }) }),
      [`POST ${checkoutPath}`]: json({ success: false, error: 'Held for someone else.' }, 409),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/offer/${claimToken}`);
    const summary = await screen.findByRole('region', { name: 'Rent Desk 4 - Open Space' });
    expect(screen.getByText(/It is held for you alone for 24 hours/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rent Month-to-Month' })).toBeNull();
    expect(within(summary).getByText('Monthly rental')).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(within(summary).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(summary).findByText('Held for someone else.')).toBeTruthy();
    const body = checkoutRequest.parse(requests.find((r) => r.path === checkoutPath)!.body);
    expect(body).toMatchObject({ officeId: 'DESK-4', waitlistOffer: claimToken, cancelUrl: `${window.location.origin}/waitlist/offer` });
    expect(body.pricing.rentalType).toBe('standard');
  });
});

describe('a claim link that no longer opens an offer', () => {
  const ended = [
    ['claimed', 'This offer was already claimed'],
    ['declined', 'You declined this offer'],
    ['expired', 'This offer has ended'],
    ['skipped', 'This offer has ended'],
    ['withdrawn', 'This offer was withdrawn'],
  ] as const;

  it.each(ended)('%s: says so, and leads to the waitlist', async (status, title) => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView({ status }) }) });
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('The offer was for Office 101 - Window.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('410, with how it ended or without', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: false, error: 'This offer was already claimed', status: 'claimed' }, 410) });
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer was already claimed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
    cleanup();
    stubApi({ [`GET ${offerPath}`]: json({ success: false, error: 'Gone' }, 410) });
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer has ended' })).toBeTruthy();
    expect(screen.getByText('This link no longer opens an offer.')).toBeTruthy();
  });

  it('404, and a link that cannot be one (never sent)', async () => {
    stubApi({});
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this offer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/waitlist');
    cleanup();
    const requests = stubApi({});
    renderAt('/waitlist/offer/not-a-claim-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this offer' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('in French', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView({ status: 'expired' }) }) });
    renderAt(`/waitlist/offer/${claimToken}`, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cette offre est terminée' })).toBeTruthy();
    expect(screen.getByText('Elle a pris fin le 20 nov. 2026, 08 h 00 (heure de Montréal).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inscrivez-vous sur la liste d’attente' }).getAttribute('href')).toBe('/waitlist');
  });
});

describe('the claim page while it cannot load', () => {
  it('offline: says claiming needs a connection, and loads once back online', async () => {
    const requests = stubApi({ [`GET ${offerPath}`]: json({ success: true, offer: offerView() }) });
    onlineManager.setOnline(false);
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByText('You are offline. Claiming this space needs a connection: this page loads as soon as you are back online.')).toBeTruthy();
    expect(requests).toEqual([]);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'A space is free for you, Camille' })).toBeTruthy();
  });

  it('429: asks to wait the seconds the server says, and Try Again loads it', async () => {
    let limited = true;
    stubApi({
      [`GET ${offerPath}`]: () => (limited ? json({ success: false, error: 'Too many requests' }, 429, { 'retry-after': '30' }) : json({ success: true, offer: offerView() })),
    });
    const user = userEvent.setup();
    renderAt(`/waitlist/offer/${claimToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unable to load this offer' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Too many attempts. Please wait 30 seconds and try again.');
    limited = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A space is free for you, Camille' })).toBeTruthy();
  });

  it('a server error: Try Again', async () => {
    stubApi({ [`GET ${offerPath}`]: json({ success: false, error: 'Something went wrong' }, 500) });
    renderAt(`/waitlist/offer/${claimToken}`, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Impossible de charger cette offre' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
