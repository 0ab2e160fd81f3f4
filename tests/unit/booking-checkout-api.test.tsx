// @vitest-environment jsdom
/// <reference types="vite/client" />
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCheckout } from '../../src/shared/contract/checkout.ts';
import { startCheckout } from '../../src/web/features/booking/api/create-checkout.ts';

const built = buildCheckout(
  { id: 7, office_id: 'MAILBOX-BASIC', service_code: 'MB-BASIC', name: 'Mailbox Basic', service_type: 'mailbox', is_available: true, base_monthly_rate: '39.00' },
  { product: 'mailbox' },
  { today: '2026-11-23', origin: 'https://book.example.ca' },
)!;

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('starting a checkout (SPEC call 1)', () => {
  it('posts the body, saves checkoutDetails, then leaves for the checkout URL', async () => {
    const fetchMock = answer(200, { success: true, checkoutUrl: 'https://checkout.example.com/pay/cs_1' });
    vi.stubGlobal('fetch', fetchMock);
    const leave = vi.fn();
    void startCheckout(built.request, built.checkoutDetails, leave);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.example.com/pay/cs_1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/public-api/stripe/create-checkout-session');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(built.request);
    expect(JSON.parse(localStorage.getItem('checkoutDetails') ?? 'null')).toEqual({ ...built.checkoutDetails, subtotal: 39, gst: 1.95, qst: 3.89, totalAmount: 44.84, monthlyRate: 39 });
  });

  it.each([
    ['a javascript: URL', 200, { success: true, checkoutUrl: 'javascript:alert(1)' }, { kind: 'refused', error: undefined }],
    ['no checkout URL', 200, { success: true }, { kind: 'refused', error: undefined }],
    ['success false with a reason', 200, { success: false, error: 'Sold out' }, { kind: 'refused', error: 'Sold out' }],
    ['a 409 with a reason', 409, { success: false, error: 'already booked' }, { kind: 'request', error: 'already booked' }],
    ['a 502 that is not JSON', 502, '<html>bad gateway</html>', { kind: 'request', error: undefined }],
  ])('%s: stays, saves nothing, and says why', async (_name, status, body, problem) => {
    vi.stubGlobal('fetch', answer(status, body));
    const leave = vi.fn();
    await expect(startCheckout(built.request, built.checkoutDetails, leave)).resolves.toEqual(problem);
    expect(leave).not.toHaveBeenCalled();
    expect(localStorage.getItem('checkoutDetails')).toBeNull();
  });

  it('a request that never reaches the server is a request problem', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(startCheckout(built.request, built.checkoutDetails, vi.fn())).resolves.toEqual({ kind: 'request', error: undefined });
  });
});
