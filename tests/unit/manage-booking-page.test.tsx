// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, entries } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from './render-app.tsx';
import type { BookingView } from '../../src/shared/contract/bookings.ts';
import { idbStores } from '../../src/shared/storage-names.ts';
import { readBookingCopy, saveBookingCopy } from '../../src/web/storage/booking-copies.ts';

vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => ({ default: () => null }));
// Leaving for the payment provider's page is recorded, not done: jsdom cannot navigate.
const leftFor = vi.hoisted(() => [] as string[]);
vi.mock('../../src/web/features/manage-booking/api/booking.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/web/features/manage-booking/api/booking.ts')>()),
  goToPaymentPage: (url: string) => leftFor.push(url),
}));

const nbsp = '\u00a0';
const token = 'T'.repeat(42) + '1';
const otherToken = 'U'.repeat(42) + '2';

/** Three office days of $210.00 (GST $31.50, QST $62.84), paid on Monday 23 November. */
const officeDays: BookingView = {
  reference: '2026-000042',
  officeName: 'Office 102 - Courtyard',
  serviceType: 'dedicated_office',
  product: 'office_daily',
  language: 'en',
  state: 'paid',
  refund: 'none',
  buyerName: 'Camille Tremblay',
  paidAt: '2026-11-23T14:00:00.000Z',
  startDate: '2026-11-25',
  hours: { opens: 8, closes: 18 },
  paid: {
    lines: ['2026-11-25', '2026-11-26', '2026-11-27'].map((date) => ({ item: 'day' as const, date, cents: 21_000 })),
    subtotal: 63_000,
    gst: 3_150,
    qst: 6_284,
    total: 72_434,
  },
  days: [
    // The first day's free cancellation ended at 8 AM the day before.
    { date: '2026-11-25', status: 'booked', cancellableUntil: '2026-11-24T13:00:00.000Z' },
    { date: '2026-11-26', status: 'booked', cancellableUntil: '2026-11-25T13:00:00.000Z' },
    { date: '2026-11-27', status: 'booked', cancellableUntil: '2026-11-26T13:00:00.000Z' },
  ],
  refunds: [],
  policy: { kind: 'by_day', opensHour: 8, hoursBefore: 24 },
  notice: null,
  endsIfNoticeToday: null,
  checkedAt: '2026-11-24T14:00:00.000Z',
};

/** The server: GET answers `booking` (or fails), POST cancel answers what `onCancel` gives; every request is recorded. */
function server(options: { booking?: BookingView | 'network' | 404; onCancel?: (body: { dates: string[] }, key: string | null) => Response }) {
  const requests: { method: string; url: string; key: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, key: headers.get('idempotency-key'), body });
    if (method === 'POST' && url.endsWith('/cancel') && options.onCancel) return options.onCancel(body as { dates: string[] }, headers.get('idempotency-key'));
    if (options.booking === 'network') throw new TypeError('Failed to fetch');
    if (options.booking === 404 || !url.includes(`/public-api/bookings/${token}`)) return Response.json({ success: false, error: "We can't find this booking" }, { status: 404 });
    return Response.json({ success: true, booking: options.booking });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}


beforeEach(() => {
  // Tuesday 24 November, 9 AM in Montréal: the first day is inside its 24 hours, the others are not.
  vi.useFakeTimers({ now: new Date('2026-11-24T14:00:00Z'), toFake: ['Date'] });
  // jsdom's <dialog> has no showModal; the page's own dialogs need it.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('the manage page', () => {
  it('shows the booking, each day with until when it can be cancelled, the policy and what cancelling now refunds', async () => {
    server({ booking: officeDays });
    renderAt(`/booking/${token}`);
    expect(await screen.findByRole('region', { name: 'What you bought' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your booking', level: 1 })).toBeTruthy();
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Paid');
    expect(screen.getByText(/Receipt 2026-000042 · Last updated Nov 24, 2026, 9:00 a\.m\./)).toBeTruthy();
    const purchase = screen.getByRole('region', { name: 'What you bought' });
    expect(within(purchase).getByText('Office 102 - Courtyard')).toBeTruthy();
    expect(purchase.textContent).toContain(`Hours (Montréal time)8${nbsp}a.m. to 6${nbsp}p.m.`);
    expect(within(purchase).getByText(`$724.34`)).toBeTruthy();
    const days = within(purchase).getAllByRole('listitem').map((li) => li.textContent);
    expect(days).toEqual([
      'Wednesday, November 25, 2026Booked · no longer cancellable',
      'Thursday, November 26, 2026Booked · free cancellation until Nov 25, 2026, 8:00 a.m.',
      'Friday, November 27, 2026Booked · free cancellation until Nov 26, 2026, 8:00 a.m.',
    ]);
    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(policy.textContent).toContain(`Each day can be cancelled with a full refund, taxes included, until 24 hours before 8${nbsp}a.m. on the day booked.`);
    // Two days of $210.00: $420.00 + GST $21.00 + QST $41.90.
    expect(policy.textContent).toContain('Cancelling now refunds $482.90, taxes included.');
    expect(within(policy).getByRole('button', { name: 'Cancel days…' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Access codes' })).toBeTruthy();
  });

  it('in French', async () => {
    server({ booking: officeDays });
    renderAt(`/booking/${token}`, 'fr');
    expect(await screen.findByRole('region', { name: 'Votre achat' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Votre réservation', level: 1 })).toBeTruthy();
    expect(document.querySelector('.manage__status')?.textContent).toBe('État: Payée');
    const policy = screen.getByRole('region', { name: 'Politique d’annulation' });
    expect(policy.textContent).toContain(`Chaque jour peut être annulé avec remboursement complet, taxes incluses, jusqu’à 24 heures avant 8${nbsp}h le jour réservé.`);
    expect(policy.textContent).toContain(`Annuler maintenant vous rembourse 482,90${nbsp}$, taxes incluses.`);
    expect(within(policy).getByRole('button', { name: 'Annuler des jours…' })).toBeTruthy();
  });

  it('cancels the days chosen, with one Idempotency-Key for the tries of one decision, and shows the refund', async () => {
    const keys: (string | null)[] = [];
    const cancelled: BookingView = {
      ...officeDays,
      state: 'partly_cancelled',
      refund: 'refunded',
      days: officeDays.days.map((d) => (d.date === '2026-11-27' ? { ...d, status: 'cancelled' } : d)),
      refunds: [{ creditNote: 'NC-2026-000007', status: 'refunded', createdAt: '2026-11-24T14:00:00.000Z', amounts: { lines: [officeDays.paid.lines[2]!], subtotal: 21_000, gst: 1_050, qst: 2_095, total: 24_145 } }],
    };
    let first = true;
    const requests = server({
      booking: officeDays,
      onCancel: (body, key) => {
        keys.push(key);
        expect(body).toEqual({ dates: ['2026-11-27'] });
        // The first answer is lost on the way: the visitor tries again.
        if (first) {
          first = false;
          throw new TypeError('Failed to fetch');
        }
        return Response.json({ success: true, booking: cancelled });
      },
    });
    const user = userEvent.setup();
    renderAt(`/booking/${token}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel days…' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel days of this booking' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel and refund' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    // The day inside its 24 hours is not offered.
    expect(within(dialog).queryByLabelText('Wednesday, November 25, 2026')).toBeNull();
    await user.click(within(dialog).getByLabelText('Friday, November 27, 2026'));
    expect(within(dialog).getByText('You get back $241.45, taxes included, on the card you paid with.')).toBeTruthy();
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Cancelled. $241.45 is refunded to your card; the e-mail with the credit note is on its way.')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Partly refunded');
    expect(screen.getByRole('link', { name: 'Download credit note NC-2026-000007 (PDF)' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('offline, shows the copy saved on this device with its time, and says cancelling needs a connection', async () => {
    await saveBookingCopy(token, officeDays, new Date('2026-11-24T13:30:00Z'));
    server({ booking: 'network' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    renderAt(`/booking/${token}`);
    expect(await screen.findByText('You are offline: this is the copy saved on this device.')).toBeTruthy();
    expect(screen.getByText(/Last updated Nov 24, 2026, 8:30 a\.m\./)).toBeTruthy();
    const cancel = screen.getByRole('button', { name: 'Cancel days…' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(cancel.getAttribute('aria-describedby')).toBe('cancel-offline');
    expect(screen.getByText('Cancelling needs a connection.')).toBeTruthy();
    expect(screen.getByText('Downloading needs a connection.')).toBeTruthy();
  });

  it('another link finds nothing on this device: "We can\'t find this booking"', async () => {
    await saveBookingCopy(token, officeDays, new Date());
    server({ booking: 'network' });
    renderAt(`/booking/${otherToken}`);
    expect(await screen.findByRole('heading', { name: "We can't find this booking", level: 1 })).toBeTruthy();
    expect(screen.queryByText('Office 102 - Courtyard')).toBeNull();
  });

  it('an unknown link, and one that cannot be a link, read the same, without a hint', async () => {
    server({ booking: 404 });
    renderAt(`/booking/${token}`);
    expect(await screen.findByRole('heading', { name: "We can't find this booking", level: 1 })).toBeTruthy();
    cleanup();
    const requests = server({ booking: 404 });
    renderAt('/booking/not-a-token');
    expect(await screen.findByRole('heading', { name: "We can't find this booking", level: 1 })).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

/** A desk rented month to month on 18 November: December invoiced and declined, November's first month paid at checkout. */
const deskRental: BookingView = {
  ...officeDays,
  reference: '2026-000043',
  officeName: 'Desk A1',
  serviceType: 'assigned_desk',
  product: 'standard',
  startDate: '2026-11-18',
  hours: null,
  paid: { lines: [{ item: 'prorated_first_month', cents: 19_500 }], subtotal: 19_500, gst: 975, qst: 1_945, total: 22_420 },
  days: [],
  policy: { kind: 'notice', noticeDays: 30, minimumTermMonths: 3 },
  endsIfNoticeToday: '2027-02-17',
  billing: {
    state: 'active',
    monthlyCents: 45_000,
    next: { on: '2027-01-01', cents: 51_739 },
    cardOnFile: true,
    invoices: [
      { number: 'F-2026-000007', periodStart: '2026-12-01', periodEnd: '2026-12-31', final: false, total: 51_739, owed: 51_739, state: 'due', paidAt: null },
      { number: 'F-2026-000002', periodStart: '2026-11-18', periodEnd: '2026-11-30', final: false, total: 22_420, owed: 0, state: 'paid', paidAt: '2026-11-18T14:00:00.000Z' },
    ],
  },
};

describe('a rental’s billing on its manage page', () => {
  it('shows the terms, the next invoice, the card on file and each invoice, with Pay now on the one owed', async () => {
    server({ booking: deskRental });
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Active');
    expect(billing.textContent).toContain('$450.00 a month, plus taxes, invoiced on the 1st of each month and charged to your card on file.');
    expect(billing.textContent).toContain('Next invoice: $517.39 on Friday, January 1, 2027, taxes included.');
    const invoices = within(billing).getAllByRole('listitem').map((li) => li.textContent);
    expect(invoices[0]).toContain('Invoice F-2026-000007, December 2026 · $517.39 · Due · $517.39 owed');
    expect(invoices[1]).toContain('Invoice F-2026-000002, November 18–30, 2026 · $224.20 · Paid');
    expect(within(billing).getByRole('link', { name: 'Invoice F-2026-000007 (PDF)' }).getAttribute('href')).toContain(`/public-api/bookings/${token}/invoices/F-2026-000007`);
    // One Pay now: the owed invoice's, named with its number and amount.
    const pay = within(billing).getAllByRole('button', { name: /Pay now/ });
    expect(pay.map((b) => b.getAttribute('aria-label'))).toEqual(['Pay now: invoice F-2026-000007, $517.39']);
  });

  it('Pay now asks the server for the payment page of that invoice and goes there', async () => {
    server({ booking: deskRental });
    const pages: string[] = [];
    const answer = fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (init?.method === 'POST' && url.endsWith('/pay')) {
        pages.push(url);
        return Response.json({ success: true, url: 'https://checkout.example/pay/cs_1' });
      }
      return answer(input, init);
    });
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    await userEvent.click(within(billing).getByRole('button', { name: /Pay now/ }));
    expect(await screen.findByText('Opening the payment page...')).toBeTruthy();
    expect(pages).toEqual([expect.stringContaining(`/public-api/bookings/${token}/invoices/F-2026-000007/pay`)]);
    expect(leftFor).toEqual(['https://checkout.example/pay/cs_1']);
  });

  it('offline, reads the saved copy and says paying and changing the card need a connection', async () => {
    await saveBookingCopy(token, deskRental, new Date('2026-11-24T13:30:00Z'));
    server({ booking: 'network' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    renderAt(`/booking/${token}`, 'fr');
    const billing = await screen.findByRole('region', { name: 'Facturation' });
    expect(document.querySelector('.manage__status')?.textContent).toBe('État: En cours');
    expect(billing.textContent).toContain(`Prochaine facture : 517,39${nbsp}$ le vendredi 1er janvier 2027, taxes incluses.`);
    const pay = within(billing).getByRole('button', { name: /Payer maintenant/ }) as HTMLButtonElement;
    const change = within(billing).getByRole('button', { name: 'Changer de carte' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(change.disabled).toBe(true);
    expect(pay.getAttribute('aria-describedby')).toBe('payment-offline');
    expect(screen.getByText('Payer et changer de carte demandent une connexion.')).toBeTruthy();
  });

  it('reads “Payment overdue” once every automatic try of an invoice has failed', async () => {
    const overdue = deskRental.billing!.invoices.map((i) => (i.state === 'due' ? { ...i, state: 'overdue' as const } : i));
    server({ booking: { ...deskRental, billing: { ...deskRental.billing!, state: 'overdue', invoices: overdue } } });
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Payment overdue');
    expect(billing.textContent).toContain('An invoice is overdue: our automatic tries to charge your card have failed.');
    expect(within(billing).getByRole('button', { name: 'Pay now: invoice F-2026-000007, $517.39' })).toBeTruthy();
  });

  it('once staff ended it at once: its last day, no notice to give, and each invoice with its credit notes to download', async () => {
    const [december, november] = deskRental.billing!.invoices;
    const ended: BookingView = {
      ...deskRental,
      endsIfNoticeToday: null,
      billing: {
        ...deskRental.billing!,
        state: 'ended',
        next: null,
        lastDay: '2026-12-10',
        invoices: [{ ...december!, state: 'paid', owed: 0, paidAt: '2026-12-10T15:00:00.000Z', creditNotes: [{ number: 'NC-2026-000003', total: 35_049 }, { number: 'NC-2026-000004', total: 16_690 }] }, november!],
      },
    };
    server({ booking: ended });
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Ended');
    expect(screen.getByText('Your rental was ended by our team; its last day was Thursday, December 10, 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give notice' })).toBeNull();
    const line = within(billing).getAllByRole('listitem')[0]!.textContent;
    expect(line).toContain('Invoice F-2026-000007, December 2026 · $517.39 · Paid · credit note NC-2026-000003: $350.49 · credit note NC-2026-000004: $166.90');
    expect(within(billing).getByRole('link', { name: 'Download credit note NC-2026-000004 (PDF)' }).getAttribute('href')).toContain(`/public-api/bookings/${token}/credit-notes/NC-2026-000004`);
    expect(within(billing).queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('says how the payment page went when the customer comes back from it', async () => {
    server({ booking: { ...deskRental, billing: { ...deskRental.billing!, invoices: deskRental.billing!.invoices.map((i) => ({ ...i, state: 'paid' as const, owed: 0 })) } } });
    renderAt(`/booking/${token}?returned=paid`);
    expect(await screen.findByText('Thank you: your payment went through. The paid invoice is on its way by e-mail.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('Pay now while another invoice is owed offers to pay them all in one payment, with each total; this invoice alone by default', async () => {
    // November's invoice unpaid too: $224.20 beside December's $517.39.
    const invoices = deskRental.billing!.invoices.map((i) => (i.state === 'paid' ? { ...i, state: 'overdue' as const, owed: i.total, paidAt: null } : i));
    const requests = server({ booking: { ...deskRental, billing: { ...deskRental.billing!, state: 'overdue', invoices } } });
    const answer = fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) =>
      init?.method === 'POST' ? (await answer(input, init), Response.json({ success: true, url: 'https://checkout.example/pay/cs_2' })) : answer(input, init),
    );
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    await userEvent.click(within(billing).getByRole('button', { name: 'Pay now: invoice F-2026-000007, $517.39' }));
    const choice = within(billing).getByRole('group', { name: 'Other invoices are owed too. What would you like to pay?' });
    const alone = within(choice).getByRole('radio', { name: 'Invoice F-2026-000007 only: $517.39' }) as HTMLInputElement;
    const all = within(choice).getByRole('radio', { name: 'All 2 invoices owed, in one payment: $741.59' }) as HTMLInputElement;
    expect([alone.checked, all.checked]).toEqual([true, false]);
    expect(document.activeElement).toBe(alone);
    // Nothing is asked of the server before the customer chooses.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(all);
    await userEvent.click(within(billing).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Opening the payment page...')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ url: expect.stringContaining(`/invoices/F-2026-000007/pay`), body: { with_owed: true } })]);
    cleanup();

    // In French, the default pays this invoice alone.
    requests.length = 0;
    renderAt(`/booking/${token}`, 'fr');
    const facturation = await screen.findByRole('region', { name: 'Facturation' });
    await userEvent.click(within(facturation).getByRole('button', { name: `Payer maintenant : facture F-2026-000002, 224,20${nbsp}$` }));
    const choix = within(facturation).getByRole('group', { name: 'D’autres factures sont dues. Que voulez-vous payer?' });
    expect(within(choix).getByRole('radio', { name: `La facture F-2026-000002 seulement : 224,20${nbsp}$` })).toHaveProperty('checked', true);
    expect(within(choix).getByRole('radio', { name: `Les 2 factures dues, en un seul paiement : 741,59${nbsp}$` })).toHaveProperty('checked', false);
    await userEvent.click(within(facturation).getByRole('button', { name: 'Continuer vers le paiement' }));
    expect(await screen.findByText('Ouverture de la page de paiement...')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ url: expect.stringContaining(`/invoices/F-2026-000002/pay`), body: {} })]);
  });
});

/** A tenancy signed on 23 November: its initial invoice's debit returned for lack of funds (re-debited on 17 December with the fee), January's due on the 4th. */
const tenancy: BookingView = {
  ...officeDays,
  reference: 'F-2026-000050',
  officeName: 'Office 101 - Window',
  serviceType: 'dedicated_office',
  product: 'office_lease',
  startDate: '2026-12-01',
  hours: null,
  paid: { lines: [], subtotal: 300_000, gst: 15_000, qst: 29_925, total: 344_925 },
  days: [],
  policy: { kind: 'contact' },
  billing: {
    state: 'active',
    monthlyCents: 150_000,
    next: { on: '2027-01-20', cents: 172_463 },
    cardOnFile: false,
    paysBy: 'pad',
    nextDebit: { on: '2026-12-17', cents: 347_425 },
    invoices: [
      { number: 'F-2026-000061', periodStart: '2026-12-07', periodEnd: '2026-12-07', final: false, total: 2_500, owed: 2_500, state: 'due', paidAt: null, debitOn: '2026-12-17', returnCode: null },
      { number: 'F-2026-000050', periodStart: '2026-12-01', periodEnd: '2026-12-31', final: false, total: 344_925, owed: 344_925, state: 'due', paidAt: null, debitOn: '2026-12-17', returnCode: '901' },
    ],
  },
  lease: {
    company: 'Acme Analytics inc.',
    signedAt: '2026-11-23T14:00:00.000Z',
    termMonths: 12,
    termEndsOn: '2027-11-30',
    account: '****2101',
    debitsStopped: null,
    deposits: [
      { kind: 'security', cents: 150_000, returnedCents: null, returnedOn: null },
      { kind: 'key_fob', cents: 7_500, returnedCents: null, returnedOn: null },
    ],
  },
};

describe('a tenancy’s manage page', () => {
  it('shows the lease, the account debited, the next debit, each invoice’s debit and Pay now only where a debit came back', async () => {
    server({ booking: tenancy });
    renderAt(`/booking/${token}`);
    const lease = await screen.findByRole('region', { name: 'Lease details' });
    expect(screen.getByRole('heading', { name: 'Your lease', level: 1 })).toBeTruthy();
    expect(document.querySelector('.manage__status')?.textContent).toBe('Status: Active');
    expect(lease.textContent).toContain('Acme Analytics inc.');
    expect(lease.textContent).toContain('12 months, to Tuesday, November 30, 2027; then month to month until notice');
    expect(lease.textContent).toContain('Pre-authorized debit from account ****2101');
    const billing = screen.getByRole('region', { name: 'Billing' });
    expect(billing.textContent).toContain('$1,500.00 a month, plus taxes, invoiced on the 20th of the month before and debited from your account on the 1st (or the next business day).');
    expect(billing.textContent).toContain('Next debit: $3,474.25 on Thursday, December 17, 2026, taxes included.');
    // No card is kept for a tenancy: no Change card.
    expect(within(billing).queryByRole('button', { name: 'Change card' })).toBeNull();
    const invoices = within(billing).getAllByRole('listitem').map((li) => li.textContent);
    expect(invoices[0]).toContain('$25.00 · Due · $25.00 owed · debit on Thursday, December 17, 2026');
    expect(invoices[1]).toContain('· debit returned: NSF · debit on Thursday, December 17, 2026');
    // Pay now for the invoice whose debit came back; the fee waits for its debit.
    expect(within(billing).getAllByRole('button', { name: /Pay now/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Pay now: invoice F-2026-000050, $3,449.25']);
    const deposits = screen.getByRole('region', { name: 'Deposits held' });
    expect(within(deposits).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Security deposit: $1,500.00 · held until your lease ends', 'Key fob deposit: $75.00 · held until your lease ends']);
    expect(screen.getByRole('link', { name: 'Download your signed lease (PDF)' }).getAttribute('href')).toContain(`/public-api/bookings/${token}/lease.pdf`);
    // What a checkout's booking has and a lease has not.
    expect(screen.queryByRole('link', { name: /receipt/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Give notice' })).toBeNull();
  });

  it('in French, once its debits stopped: says why and offers Pay now on every invoice owed', async () => {
    const stopped: BookingView = {
      ...tenancy,
      billing: { ...tenancy.billing!, nextDebit: null, invoices: tenancy.billing!.invoices.map((i) => ({ ...i, debitOn: null, returnCode: i.number === 'F-2026-000061' ? '905' : i.returnCode })) },
      lease: { ...tenancy.lease!, debitsStopped: { lastDebitOn: '2026-12-20', returnCode: '905', revoked: false } },
    };
    server({ booking: stopped });
    renderAt(`/booking/${token}`, 'fr');
    await screen.findByRole('region', { name: 'Détails du bail' });
    expect(screen.getByText(/Les débits de votre compte ont pris fin après le dimanche 20 décembre 2026 : votre banque a retourné un débit \(Compte fermé\)/)).toBeTruthy();
    const billing = screen.getByRole('region', { name: 'Facturation' });
    expect(billing.textContent).toContain('Aucun débit n’est prévu : payez chaque facture ci-dessous avec Payer maintenant.');
    expect(within(billing).getAllByRole('button', { name: /Payer maintenant/ })).toHaveLength(2);
  });

  it('offline, reads the saved copy and says paying by card needs a connection (a lease has no card to change)', async () => {
    await saveBookingCopy(token, tenancy, new Date('2026-11-24T13:30:00Z'));
    server({ booking: 'network' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    renderAt(`/booking/${token}`);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    const pay = within(billing).getByRole('button', { name: /Pay now/ }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(pay.getAttribute('aria-describedby')).toBe('payment-offline');
    expect(screen.getByText('Paying by card needs a connection.')).toBeTruthy();
    expect(screen.queryByText(/changing the card/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download your signed lease (PDF)' })).toBeNull();
  });
});

describe('the copies kept on the device', () => {
  it('open only with their own link, and hold nothing readable', async () => {
    await saveBookingCopy(token, officeDays, new Date('2026-11-24T14:00:00Z'));
    expect(await readBookingCopy(token)).toEqual({ booking: officeDays, savedAt: '2026-11-24T14:00:00.000Z' });
    expect(await readBookingCopy(otherToken)).toBeUndefined();
    const stored = await entries(createStore(idbStores.bookingCopies.db, idbStores.bookingCopies.store));
    expect(stored.length).toBeGreaterThan(0);
    const raw = JSON.stringify(stored, (_k, v: unknown) => (v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? Buffer.from(v as ArrayBuffer).toString('latin1') : v));
    for (const secret of [token, 'Office 102', 'Camille', '2026-000042', officeDays.days[0]!.date]) expect(raw).not.toContain(secret);
  });
});
