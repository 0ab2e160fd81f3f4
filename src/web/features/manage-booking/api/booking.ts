import { queryOptions } from '@tanstack/react-query';
import { bookingResponse, cancelRequest, paymentPageResponse, type BookingView, type PayNowRequest } from '../../../../shared/contract/bookings.ts';
import { ApiRequestError, apiUrl, requestJson } from '../../../app/api.ts';
import { readBookingCopy, removeBookingCopy, saveBookingCopy } from '../../../storage/booking-copies.ts';

/** The booking, and whether it came from the server or from this device's copy (offline). */
export interface LoadedBooking {
  booking: BookingView;
  fromDevice: boolean;
  /** When this copy was current: the server's answer time, or when the device saved it. */
  asOf: string;
}

const path = (token: string) => `/public-api/bookings/${encodeURIComponent(token)}`;

/** The server does not know this link (404): no copy can stand for it either. */
export function isUnknownBooking(error: unknown): boolean {
  return error instanceof ApiRequestError && error.problem.kind === 'http' && error.problem.status === 404;
}

/** No answer from the server at all, or one that says it is down: the device's copy stands in. */
function serverUnreachable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.problem.kind === 'network' || (error.problem.kind === 'http' && error.problem.status >= 500));
}

/**
 * GET /public-api/bookings/{token}: fresh from the server (and saved on the device for offline
 * reading), else the device's copy when the server cannot be reached.
 */
export async function loadBooking(token: string, signal?: AbortSignal): Promise<LoadedBooking> {
  try {
    const { booking } = await requestJson(path(token), bookingResponse, { signal, cache: 'no-store' });
    await saveBookingCopy(token, booking, new Date());
    return { booking, fromDevice: false, asOf: booking.checkedAt };
  } catch (error) {
    if (isUnknownBooking(error)) {
      await removeBookingCopy(token);
    } else if (serverUnreachable(error)) {
      const copy = await readBookingCopy(token);
      if (copy) return { booking: copy.booking, fromDevice: true, asOf: copy.savedAt };
    }
    throw error;
  }
}

export const bookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['booking', token] as const,
    queryFn: ({ signal }) => loadBooking(token, signal),
    // Offline the query must still run: its answer is the device's copy.
    networkMode: 'always',
    retry: false,
    // A refund the provider has not confirmed yet: look again now and then while the page is open.
    refetchInterval: (query) => (query.state.data?.booking.refund === 'pending' && !query.state.data.fromDevice && query.state.dataUpdateCount < 60 ? 5000 : false),
  });

/** A change through the manage link: its Idempotency-Key makes a repeat (a double tap, a retry) the same change. */
async function change(token: string, action: 'cancel' | 'notice', idempotencyKey: string, body?: unknown): Promise<BookingView> {
  const { booking } = await requestJson(`${path(token)}/${action}`, bookingResponse, { method: 'POST', body: body ?? {}, headers: { 'idempotency-key': idempotencyKey } });
  await saveBookingCopy(token, booking, new Date());
  return booking;
}

/** POST /public-api/bookings/{token}/cancel. */
export function cancelDays(token: string, dates: string[], idempotencyKey: string): Promise<BookingView> {
  return change(token, 'cancel', idempotencyKey, cancelRequest.parse({ dates }));
}

/** POST /public-api/bookings/{token}/notice. */
export function giveNotice(token: string, idempotencyKey: string): Promise<BookingView> {
  return change(token, 'notice', idempotencyKey);
}

export function receiptUrl(token: string): string {
  return apiUrl(`${path(token)}/receipt.pdf`);
}

export function creditNoteUrl(token: string, number: string): string {
  return apiUrl(`${path(token)}/credit-notes/${encodeURIComponent(number)}`);
}

/** How the customer came back from the payment provider's page (Pay now, Change card). */
export type Returned = 'paid' | 'card' | 'cancelled';

/** A tenancy's signed lease, in the language it was signed in. */
export function leaseUrl(token: string): string {
  return apiUrl(`${path(token)}/lease.pdf`);
}

export function invoiceUrl(token: string, number: string): string {
  return apiUrl(`${path(token)}/invoices/${encodeURIComponent(number)}`);
}

/**
 * Pay now (an invoice, or with the rental's other owed ones: the customer's choice) or Change card: the server opens the payment provider's page and answers
 * its address, where the browser goes next. A second tap gets the same page.
 */
export async function paymentPage(token: string, what: { invoice: string; withOwed?: boolean } | 'card'): Promise<string> {
  const action = what === 'card' ? 'card' : `invoices/${encodeURIComponent(what.invoice)}/pay`;
  const body: PayNowRequest = what !== 'card' && what.withOwed ? { with_owed: true } : {};
  const { url } = await requestJson(`${path(token)}/${action}`, paymentPageResponse, { method: 'POST', body });
  return url;
}

/** Leaves this page for the provider's; the page is unloading after it. */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
