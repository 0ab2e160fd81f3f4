import { padFileMade, padFilesResponse, padFileVoided, padReturnFileUploaded, type PadFileVoidInput } from '../../shared/contract/pad-files.ts';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { staffMailResponse, mailRetryResponse, type mailStatuses } from '../../shared/contract/staff-mail.ts';
import { staffOrdersResponse, type orderStatuses } from '../../shared/contract/staff-orders.ts';
import { sessionResponse, staffAccount, type addStaffInput, type StaffRole } from '../../shared/contract/staff.ts';
import {
  endRentalResponse,
  padReturnRecorded,
  padRevocationRecorded,
  depositReturned,
  returnDepositInput,
  recordPaymentResponse,
  retryInvoiceResponse,
  staffRentalDetail,
  staffRentalsResponse,
  type EndRentalInput,
  type padReturnInput,
  type padRevocationInput,
  type RecordPaymentInput,
  type RentalState,
} from '../../shared/contract/staff-rentals.ts';
import {
  offerLinkResponse,
  staffCalendarResponse,
  staffOfferDetail,
  staffOffersResponse,
  staffOrderDetail,
  staffUnitResponse,
  staffUnitsResponse,
  unitQueueChanged,
  unitQueueResponse,
  waitlistContactedResponse,
  type offerUnitInput,
  type skipEntryInput,
  type UnitInput,
  type UnitQueueResponse,
} from '../../shared/contract/staff-console.ts';
import { waitlistListResponse } from '../../shared/contract/waitlist.ts';
import { staffRequest } from './api.ts';

/** Every query key of the console starts here, so signing out can drop them all at once. */
const root = 'staff';

export const sessionQuery = () =>
  queryOptions({
    queryKey: [root, 'session'],
    queryFn: ({ signal }) => staffRequest('/admin-api/session', { schema: sessionResponse, signal, signInOn401: false }),
    staleTime: 60_000,
  });

export const unitsQuery = () =>
  queryOptions({
    queryKey: [root, 'units'],
    queryFn: ({ signal }) => staffRequest('/admin-api/units', { schema: staffUnitsResponse, signal }),
  });

/** A unit's waitlist: its queue in the order offers go, and its open offer. Under the units' key, so a change to the units reads it again. */
export const unitQueueQuery = (id: number) =>
  queryOptions({
    queryKey: [root, 'units', id, 'waitlist'],
    queryFn: ({ signal }) => staffRequest(`/admin-api/units/${id}/waitlist`, { schema: unitQueueResponse, signal }),
  });

export const calendarQuery = (month: string) =>
  queryOptions({
    queryKey: [root, 'calendar', month],
    queryFn: ({ signal }) => staffRequest(`/admin-api/calendar?month=${encodeURIComponent(month)}`, { schema: staffCalendarResponse, signal }),
  });

export interface OrderSearch {
  status?: (typeof orderStatuses)[number];
  product?: string;
  from?: string;
  to?: string;
}

function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const ordersQuery = (filters: OrderSearch) =>
  infiniteQueryOptions({
    queryKey: [root, 'orders', filters],
    queryFn: ({ signal, pageParam }) => staffRequest(`/admin-api/orders${queryString({ ...filters, cursor: pageParam })}`, { schema: staffOrdersResponse, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });

/** An order in full, its lines worded in the console's language (as its receipt words them). */
export const orderQuery = (id: string, lang: 'en' | 'fr') =>
  queryOptions({
    queryKey: [root, 'orders', 'detail', id, lang],
    queryFn: ({ signal }) => staffRequest(`/admin-api/orders/${encodeURIComponent(id)}?lang=${lang}`, { schema: staffOrderDetail, signal }),
  });

export const rentalsQuery = (state: RentalState | undefined) =>
  infiniteQueryOptions({
    queryKey: [root, 'rentals', state ?? 'all'],
    queryFn: ({ signal, pageParam }) => staffRequest(`/admin-api/rentals${queryString({ state, cursor: pageParam })}`, { schema: staffRentalsResponse, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });

/** A rental in full, its invoices' lines worded in the console's language. Under the rentals' key, so an action on it reads the list again too. */
export const rentalQuery = (id: string, lang: 'en' | 'fr') =>
  queryOptions({
    queryKey: [root, 'rentals', 'detail', id, lang],
    queryFn: ({ signal }) => staffRequest(`/admin-api/rentals/${encodeURIComponent(id)}?lang=${lang}`, { schema: staffRentalDetail, signal }),
  });

export const waitlistQuery = () =>
  infiniteQueryOptions({
    queryKey: [root, 'waitlist'],
    queryFn: ({ signal, pageParam }) => staffRequest(`/admin-api/waitlist${queryString({ cursor: pageParam })}`, { schema: waitlistListResponse, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });

/** GET /admin-api/lease-offers (listOffers of the server; the shared contract has no schema of it yet). */

export const offersQuery = () =>
  queryOptions({
    queryKey: [root, 'lease-offers'],
    queryFn: ({ signal }) => staffRequest('/admin-api/lease-offers', { schema: staffOffersResponse, signal }),
  });

export const padFilesQuery = () =>
  queryOptions({
    queryKey: [root, 'pad-files'],
    queryFn: ({ signal }) => staffRequest('/admin-api/pad-files', { schema: padFilesResponse, signal }),
  });

/** GET /admin-api/staff: every account, oldest first (the shared contract has the account's schema, not the list's). */
const staffAccountsResponse = z.object({ success: z.literal(true), accounts: z.array(staffAccount) });
/** An account changed (a role, disabled). */
const staffAccountChanged = z.object({ success: z.literal(true), account: staffAccount });
/** An account added, or given a new link: the one-time set-password link to hand over, and its hours (none for an account added with its password). */
const staffAccountLink = z.object({ success: z.literal(true), account: staffAccount, set_password_url: z.nullable(z.string()), set_password_hours: z.nullable(z.number()) });

export const staffAccountsQuery = () =>
  queryOptions({
    queryKey: [root, 'staff-accounts'],
    queryFn: ({ signal }) => staffRequest('/admin-api/staff', { schema: staffAccountsResponse, signal }),
  });

export const offerQuery = (id: number) =>
  queryOptions({
    queryKey: [root, 'lease-offers', 'detail', id],
    queryFn: ({ signal }) => staffRequest(`/admin-api/lease-offers/${id}`, { schema: staffOfferDetail, signal }),
  });

export type MailFilter = (typeof mailStatuses)[number] | undefined;

export const mailQuery = (status: MailFilter) =>
  infiniteQueryOptions({
    queryKey: [root, 'mail', status ?? 'all'],
    queryFn: ({ signal, pageParam }) => staffRequest(`/admin-api/mail${queryString({ status, cursor: pageParam })}`, { schema: staffMailResponse, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });

export const staffKeys = { all: [root] as const, units: unitsQuery().queryKey, orders: [root, 'orders'] as const, rentals: [root, 'rentals'] as const, calendar: [root, 'calendar'] as const, waitlist: waitlistQuery().queryKey, offers: offersQuery().queryKey, mail: [root, 'mail'] as const, padFiles: [root, 'pad-files'] as const };

// ─── Mutations ────────────────────────────────────────────────────────────────

const done = z.object({ success: z.literal(true) });

const invoicePath = (rentalId: string, number: string) => `/admin-api/rentals/${encodeURIComponent(rentalId)}/invoices/${encodeURIComponent(number)}`;

export const staffCalls = {
  signIn: (email: string, password: string) =>
    staffRequest('/admin-api/session', { method: 'POST', body: { email, password }, schema: sessionResponse, signInOn401: false }),
  makePadFile: (paymentDate: string) => staffRequest('/admin-api/pad-files', { method: 'POST', body: { payment_date: paymentDate }, schema: padFileMade }),
  /** The bank's return file, sent byte for byte as chosen; uploaded again, nothing changes. */
  uploadPadReturnFile: (file: Blob) => staffRequest('/admin-api/pad-files/returns', { method: 'POST', file, schema: padReturnFileUploaded }),
  /** A file the bank rejected whole, or never sent: its debits go in the next file. */
  voidPadFile: (id: string, body: PadFileVoidInput) => staffRequest(`/admin-api/pad-files/void/${encodeURIComponent(id)}`, { method: 'POST', body, schema: padFileVoided }),
  signOut: () => staffRequest('/admin-api/session', { method: 'DELETE', schema: done, signInOn401: false }),
  setPassword: (token: string, password: string) => staffRequest('/admin-api/session/password', { method: 'POST', body: { token, password }, schema: done, signInOn401: false }),
  /** A new account with a one-time set-password link (a manager's account only by a manager). */
  addStaff: (body: z.input<typeof addStaffInput>) => staffRequest('/admin-api/staff', { method: 'POST', body, schema: staffAccountLink }),
  /** Managers only. */
  setStaffRole: (id: string, role: StaffRole) => staffRequest(`/admin-api/staff/${encodeURIComponent(id)}/role`, { method: 'POST', body: { role }, schema: staffAccountChanged }),
  /** Signs the account out and keeps it out (a manager's account only by a manager). */
  disableStaff: (id: string) => staffRequest(`/admin-api/staff/${encodeURIComponent(id)}/disable`, { method: 'POST', body: {}, schema: staffAccountChanged }),
  /** A new one-time set-password link, replacing any earlier one (a manager's account only by a manager). */
  resetStaffLink: (id: string) => staffRequest(`/admin-api/staff/${encodeURIComponent(id)}/reset`, { method: 'POST', body: {}, schema: staffAccountLink }),
  createUnit: (input: UnitInput) => staffRequest('/admin-api/units', { method: 'POST', body: input, schema: staffUnitResponse }),
  updateUnit: (id: number, input: Partial<UnitInput>) => staffRequest(`/admin-api/units/${id}`, { method: 'PATCH', body: input, schema: staffUnitResponse }),
  retireUnit: (id: number) => staffRequest(`/admin-api/units/${id}/retire`, { method: 'POST', body: {}, schema: staffUnitResponse }),
  cancelDays: (orderId: string, dates: string[], idempotencyKey: string) =>
    staffRequest(`/admin-api/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: { dates }, headers: { 'Idempotency-Key': idempotencyKey }, schema: done }),
  retryInvoice: (rentalId: string, number: string, idempotencyKey: string) =>
    staffRequest(`${invoicePath(rentalId, number)}/retry`, { method: 'POST', body: {}, headers: { 'Idempotency-Key': idempotencyKey }, schema: retryInvoiceResponse }),
  recordPayment: (rentalId: string, number: string, input: RecordPaymentInput, idempotencyKey: string) =>
    staffRequest(`${invoicePath(rentalId, number)}/payments`, { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey }, schema: recordPaymentResponse }),
  /** The bank returned the invoice's latest PAD debit with this CPA-007 code; recorded twice with the same code, nothing changes (no Idempotency-Key). */
  recordPadReturn: (rentalId: string, number: string, body: z.input<typeof padReturnInput>) =>
    staffRequest(`${invoicePath(rentalId, number)}/pad-return`, { method: 'POST', body, schema: padReturnRecorded }),
  /** A tenancy's deposit returned (managers): what went back, and why less. */
  returnDeposit: (rentalId: string, depositId: string, body: z.input<typeof returnDepositInput>) =>
    staffRequest(`/admin-api/rentals/${encodeURIComponent(rentalId)}/deposits/${encodeURIComponent(depositId)}/return`, { method: 'POST', body, schema: depositReturned }),
  /** The tenant's written revocation of the PAD agreement, received that day. */
  recordPadRevocation: (rentalId: string, body: z.input<typeof padRevocationInput>) =>
    staffRequest(`/admin-api/rentals/${encodeURIComponent(rentalId)}/pad-revocation`, { method: 'POST', body, schema: padRevocationRecorded }),
  /** Under the notice policy, as the customer's own notice. */
  endRental: (rentalId: string, body: EndRentalInput, idempotencyKey: string) =>
    staffRequest(`/admin-api/rentals/${encodeURIComponent(rentalId)}/end`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, schema: endRentalResponse }),
  markContacted: (id: number) => staffRequest(`/admin-api/waitlist/${id}/contacted`, { method: 'POST', body: {}, schema: waitlistContactedResponse }),
  deleteEntry: (id: number) => staffRequest(`/admin-api/waitlist/${id}`, { method: 'DELETE', schema: done }),
  createOffer: (input: Record<string, unknown>) => staffRequest('/admin-api/lease-offers', { method: 'POST', body: input, schema: offerLinkResponse }),
  resendOffer: (id: number) => staffRequest(`/admin-api/lease-offers/${id}/resend`, { method: 'POST', body: {}, schema: offerLinkResponse }),
  expireOffer: (id: number) => staffRequest(`/admin-api/lease-offers/${id}/expire`, { method: 'POST', body: {}, schema: done }),
  retryMessage: (id: string) => staffRequest(`/admin-api/mail/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {}, schema: mailRetryResponse }),
  /** No entry: to the next in line. */
  offerUnit: (unitId: number, entryId?: number) => {
    const body: z.input<typeof offerUnitInput> = entryId === undefined ? {} : { entry_id: entryId };
    return staffRequest(`/admin-api/units/${unitId}/waitlist/offer`, { method: 'POST', body, schema: unitQueueChanged });
  },
  skipEntry: (entryId: number, unitId: number) => {
    const body: z.input<typeof skipEntryInput> = { unit_id: unitId };
    return staffRequest(`/admin-api/waitlist/${entryId}/skip`, { method: 'POST', body, schema: unitQueueChanged });
  },
  pauseOffers: (unitId: number) => staffRequest(`/admin-api/units/${unitId}/waitlist/pause`, { method: 'POST', body: {}, schema: unitQueueChanged }),
  resumeOffers: (unitId: number) => staffRequest(`/admin-api/units/${unitId}/waitlist/resume`, { method: 'POST', body: {}, schema: unitQueueChanged }),
};

/**
 * A waitlist action answers with the unit's queue as it now is, so the queue is shown as answered
 * rather than asked for again, and the inventory's line of the unit takes the answer's unit.
 * Places on the waitlist page have moved: it is read again, at once when on screen, and the
 * promise waits for that so a dialog closes onto the new list.
 */
export async function queueChanged(queryClient: QueryClient, answer: UnitQueueResponse): Promise<void> {
  queryClient.setQueryData(unitQueueQuery(answer.unit.id).queryKey, answer);
  queryClient.setQueryData(unitsQuery().queryKey, (old) => (old ? { ...old, units: old.units.map((u) => (u.id === answer.unit.id ? answer.unit : u)) } : old));
  await queryClient.invalidateQueries({ queryKey: staffKeys.waitlist });
}
