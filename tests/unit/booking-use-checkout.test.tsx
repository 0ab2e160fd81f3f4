// @vitest-environment jsdom
/// <reference types="vite/client" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckout } from '../../src/web/features/booking/use-checkout.ts';
import { LanguageProvider } from '../../src/web/i18n/i18n.tsx';

const room = { id: 3, office_id: 'CONF-A', service_code: null, name: 'Meeting Room Mont-Royal', service_type: 'conference_room', is_available: true, base_monthly_rate: '220.00' };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <LanguageProvider initial="en">{children}</LanguageProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dialogs\' Pay (SPEC §4 modal flow)', () => {
  it('stays processing while the request is out, even when a date is chosen meanwhile, and then shows why it stayed', async () => {
    let answer: (res: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { result } = renderHook(() => useCheckout(), { wrapper });

    act(() => void result.current.pay(room, { product: 'conference_room', date: '2026-12-02' }, 'no price'));
    await waitFor(() => expect(result.current.processing).toBe(true));
    // The calendar clears the dialog's error when a date is chosen.
    act(() => result.current.setError(null));
    expect(result.current.processing).toBe(true);

    await act(async () => answer(new Response(JSON.stringify({ success: false, error: 'Meeting Room Mont-Royal is already booked on 2026-12-02. Please choose another date.' }), { status: 409 })));
    await waitFor(() => expect(result.current.processing).toBe(false));
    expect(result.current.error).toBe('Meeting Room Mont-Royal is already booked on 2026-12-02. Please choose another date.');
  });

  it('a shown failure is cleared by the dialog, and a unit without a price says so without asking', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    const { result } = renderHook(() => useCheckout(), { wrapper });
    await act(async () => result.current.pay(room, { product: 'conference_room', date: '2026-12-02' }, 'no price'));
    expect(result.current.error).toBe('An error occurred creating the checkout session');
    act(() => result.current.setError(null));
    expect(result.current.error).toBeNull();

    await act(async () => result.current.pay({ ...room, base_monthly_rate: null }, { product: 'conference_room', date: '2026-12-02' }, 'no price'));
    expect(result.current.error).toBe('no price');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
