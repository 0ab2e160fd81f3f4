// @vitest-environment jsdom
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
import { onlineManager } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from './render-app.tsx';
import type { CheckoutDetails, OrderStatus } from '../../src/shared/contract/orders.ts';
import { site } from '../../src/shared/site.ts';
import { localKeys } from '../../src/shared/storage-names.ts';

// Not what these tests are about: the worker's notices, the waitlist's queue and the confetti's canvas.
vi.mock('../../src/web/app/pwa.tsx', () => ({ ServiceWorkerNotices: () => null, InstallPrompt: () => null }));
vi.mock('../../src/web/features/waitlist/pending-entries.tsx', () => ({ default: () => null }));
vi.mock('../../src/web/features/checkout-success/confetti.ts', () => ({ playConfetti: () => () => undefined }));

const nbsp = '\u00a0';
const taxes = site.taxes as { enabled: boolean };

/** A room paid through checkout, as the dialog saves it: $220.00 + GST $11.00 + QST $21.95. */
const roomDetails: CheckoutDetails = {
  officeName: 'Meeting Room Mont-Royal',
  serviceType: 'conference_room',
  rentalType: 'daily',
  monthlyRate: 0,
  dailyRate: 220,
  setupFee: 0,
  keyFee: 0,
  lastMonth: 0,
  proratedFirstMonth: 0,
  totalAmount: 252.95,
  totalDays: 1,
  bookingDate: '2026-12-01',
  subtotal: 220,
  gst: 11,
  qst: 21.95,
};

const sessionId = 'test_cs_paid0001';

/** The order lookup answers with `status`, or fails as `failure` says; the receipt is never asked for here. */
function answerOrders(status: OrderStatus | 'network' | 404, details: CheckoutDetails = roomDetails, extra: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes(`/public-api/orders/${sessionId}`) || url.endsWith('.pdf')) return new Response('{}', { status: 500 });
    if (status === 'network') throw new TypeError('Failed to fetch');
    if (status === 404) return Response.json({ success: false, error: 'No such order' }, { status: 404 });
    return Response.json({ success: true, status, checkoutDetails: details, bookingDates: [details.bookingDate], ...extra });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}


const saveDetails = (details: CheckoutDetails) => localStorage.setItem(localKeys.checkoutDetails, JSON.stringify(details));

/** The purchase's rows as [label, value], in order. */
async function purchaseRows(): Promise<[string, string][]> {
  const region = await screen.findByRole('region', { name: /Purchase details|Détails de l’achat/ });
  return [...region.querySelectorAll('dl > div')].map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']);
}

/** Lets the order lookup answer and the page render it. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeEach(() => {
  window.scrollTo = () => undefined;
});

afterEach(() => {
  taxes.enabled = true;
  vi.restoreAllMocks();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the success page shows what was paid, taxes included (docs/architecture.md §10)', () => {
  it('the subtotal, GST and QST with their numbers, then the total paid', async () => {
    answerOrders('paid');
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    expect((await purchaseRows()).slice(-4)).toEqual([
      ['Subtotal', '$220.00'],
      ['GST (5%), no. 723456789 RT0001', '$11.00'],
      ['QST (9.975%), no. 1223456789 TQ0001', '$21.95'],
      ['Total paid', '$252.95'],
    ]);
  });

  it('in French', async () => {
    answerOrders('paid');
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`, 'fr');
    expect((await purchaseRows()).slice(-4)).toEqual([
      ['Sous-total', `220,00${nbsp}$`],
      [`TPS (5${nbsp}%), no${nbsp}723456789 RT0001`, `11,00${nbsp}$`],
      [`TVQ (9,975${nbsp}%), no${nbsp}1223456789 TQ0001`, `21,95${nbsp}$`],
      ['Total payé', `252,95${nbsp}$`],
    ]);
  });

  it("from the server's order when this browser kept nothing", async () => {
    answerOrders('paid');
    renderAt(`/checkout-success?session_id=${sessionId}`);
    expect((await purchaseRows()).slice(-4).map(([label]) => label)).toEqual(['Subtotal', 'GST (5%), no. 723456789 RT0001', 'QST (9.975%), no. 1223456789 TQ0001', 'Total paid']);
  });

  it('without taxes (a small supplier), or for details saved before taxes, only the total paid', async () => {
    taxes.enabled = false;
    answerOrders('paid', { ...roomDetails, totalAmount: 220, gst: 0, qst: 0 });
    saveDetails({ ...roomDetails, totalAmount: 220, gst: 0, qst: 0 });
    renderAt(`/checkout-success?session_id=${sessionId}`);
    expect((await purchaseRows()).slice(-2)).toEqual([
      ['Date', 'December 1, 2026'],
      ['Total paid', '$220.00'],
    ]);
    cleanup();
    taxes.enabled = true;
    const { subtotal: _s, gst: _g, qst: _q, ...before } = roomDetails;
    saveDetails({ ...before, totalAmount: 220 });
    renderAt('/checkout-success');
    expect((await purchaseRows()).slice(-2)).toEqual([
      ['Date', 'December 1, 2026'],
      ['Total paid', '$220.00'],
    ]);
  });
});

describe('while the server is first asked about the order', () => {
  it('only the heading and the status: the links and buttons come with the answer, below the purchase, so nothing painted moves', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAt(`/checkout-success?session_id=${sessionId}`);
    expect(await screen.findByText('Confirming your payment...')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View More Spaces' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Visit Main Site' })).toBeNull();
    answer(Response.json({ success: true, status: 'paid', checkoutDetails: roomDetails, bookingDates: [roomDetails.bookingDate] }));
    const more = await screen.findByRole('link', { name: 'View More Spaces' });
    const details = screen.getByRole('region', { name: 'Purchase details' });
    expect(details.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offline, the links and buttons show at once (the question waits for the network)', async () => {
    onlineManager.setOnline(false);
    try {
      const fetchMock = answerOrders('paid');
      renderAt(`/checkout-success?session_id=${sessionId}`);
      expect(await screen.findByRole('link', { name: 'View More Spaces' })).toBeTruthy();
      expect(screen.getByText('Confirming your payment...')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('the receipt, once the order is known to be paid', () => {
  it("a link 'Download your receipt (PDF)' to the order's receipt.pdf", async () => {
    answerOrders('paid');
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    const link = await screen.findByRole('link', { name: 'Download your receipt (PDF)' });
    expect(link.getAttribute('href')).toBe(`/public-api/orders/${sessionId}/receipt.pdf`);
    expect(within(screen.getByRole('region', { name: 'Purchase details' })).getByRole('link', { name: 'Download your receipt (PDF)' })).toBe(link);
  });

  it("a rental too, beside SPEC's 'Check your email for confirmation.' (the e-mail now does come)", async () => {
    // $59.00 + GST $2.95 + QST $5.89.
    const mailbox: CheckoutDetails = { ...roomDetails, officeName: 'Mailbox Basic', serviceType: 'mailbox', rentalType: 'monthly', dailyRate: 0, monthlyRate: 59, totalDays: 0, subtotal: 59, gst: 2.95, qst: 5.89, totalAmount: 67.84 };
    answerOrders('paid', mailbox);
    saveDetails(mailbox);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    expect(await screen.findByRole('link', { name: 'Download your receipt (PDF)' })).toBeTruthy();
    expect(screen.getByText('Successfully rented Mailbox Basic! Check your email for confirmation.')).toBeTruthy();
    expect((await purchaseRows()).slice(-4).map(([, value]) => value)).toEqual(['$59.00', '$2.95', '$5.89', '$67.84']);
  });

  it("en français : 'Télécharger votre reçu (PDF)'", async () => {
    answerOrders('paid');
    renderAt(`/checkout-success?session_id=${sessionId}`, 'fr');
    expect((await screen.findByRole('link', { name: 'Télécharger votre reçu (PDF)' })).getAttribute('href')).toBe(`/public-api/orders/${sessionId}/receipt.pdf`);
  });

  it.each([
    ['still pending', 'pending' as const],
    ['cancelled', 'cancelled' as const],
    ['refunded', 'refunded' as const],
    ['unknown to the server', 404 as const],
    ['not reachable', 'network' as const],
  ])('no link and no error when the order is %s', async (_name, status) => {
    const fetchMock = answerOrders(status);
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(screen.queryByRole('link', { name: 'Download your receipt (PDF)' })).toBeNull();
    expect(screen.queryByRole('alert', { name: /receipt/i })).toBeNull();
    expect(screen.queryByText(/receipt\.pdf|HTTP|Failed/)).toBeNull();
  });

  it('no link without a session id (nothing to ask the server about)', async () => {
    const fetchMock = answerOrders('paid');
    saveDetails(roomDetails);
    renderAt('/checkout-success');
    await purchaseRows();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Download your receipt (PDF)' })).toBeNull();
  });

  it('no link offline, even for a paid order', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = answerOrders('paid');
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect((await purchaseRows()).at(-1)).toEqual(['Total paid', '$252.95']);
    expect(screen.queryByRole('link', { name: 'Download your receipt (PDF)' })).toBeNull();
  });
});

describe('the manage link, once the order is paid', () => {
  const manageToken = 'M'.repeat(42) + '7';

  it("'Manage your booking' leads to the order's private page", async () => {
    answerOrders('paid', roomDetails, { receiptNumber: '2026-000042', manageToken });
    saveDetails(roomDetails);
    renderAt(`/checkout-success?session_id=${sessionId}`);
    const region = await screen.findByRole('region', { name: 'Your booking, any time' });
    expect(within(region).getByRole('link', { name: 'Manage your booking' }).getAttribute('href')).toBe(`/booking/${manageToken}`);
  });

  it('none while the order is not paid', async () => {
    answerOrders('pending');
    renderAt(`/checkout-success?session_id=${sessionId}`);
    await settle();
    expect(screen.queryByRole('link', { name: 'Manage your booking' })).toBeNull();
  });

  it('a booking cancelled through its link says so, not that it was paid too late', async () => {
    answerOrders('refunded', roomDetails, { refundReason: 'cancelled', receiptNumber: '2026-000042', manageToken });
    renderAt(`/checkout-success?session_id=${sessionId}`, 'fr');
    expect(await screen.findByRole('heading', { name: 'Réservation annulée', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Cette réservation a été annulée à partir de son lien de gestion/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gérer votre réservation' })).toBeTruthy();
  });
});
