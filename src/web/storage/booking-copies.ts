import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';
import { bookingView, type BookingView } from '../../shared/contract/bookings.ts';
import { idbStores } from '../../shared/storage-names.ts';
import { askForPersistentStorage, reportStorageProblem } from './local.ts';

/*
 * The visitor's ticket, kept on the device: the last copy of each booking opened through its
 * manage link, so the page still shows the day, the room and the door codes with no network.
 *
 * A manage page is never shown to anyone on the device who lacks its link: each copy is
 * encrypted (AES-GCM) with a key derived from the link's token and stored under another value
 * derived from it, so the store holds nothing readable, nor anything that says which bookings it
 * holds, to someone who does not have the link.
 */

export interface BookingCopy {
  booking: BookingView;
  /** When this device saved it (the server's answer time is booking.checkedAt). */
  savedAt: string;
}

/** Bytes as IndexedDB gives them back (checked without instanceof, which another realm's copy fails). */
const isBytes = (value: unknown): value is Uint8Array<ArrayBuffer> => ArrayBuffer.isView(value) && value.constructor.name === 'Uint8Array';
const sealed = z.object({ iv: z.unknown().check(z.refine(isBytes)), data: z.unknown().check(z.refine(isBytes)) });
const copy = z.object({ booking: bookingView, savedAt: z.string() });

let db: UseStore | undefined;
const store = () => (db ??= createStore(idbStores.bookingCopies.db, idbStores.bookingCopies.store));

const encoder = new TextEncoder();

async function digest(purpose: string, token: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(`${purpose}:${token}`));
}

/** The copy's name in the store: a hash of the token, never the token. */
async function nameOf(token: string): Promise<string> {
  return [...new Uint8Array(await digest('booking-copy-name', token))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function keyOf(token: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', await digest('booking-copy-key', token), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Web Crypto exists only in secure contexts (https, localhost); elsewhere nothing is kept. */
const canSeal = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

export async function saveBookingCopy(token: string, booking: BookingView, savedAt: Date): Promise<void> {
  if (!canSeal()) return;
  try {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyOf(token), encoder.encode(JSON.stringify({ booking, savedAt: savedAt.toISOString() })));
    await set(await nameOf(token), { iv, data: new Uint8Array(data) }, store());
    // The visitor would hate to lose their ticket: ask the browser not to evict it.
    askForPersistentStorage();
  } catch (error) {
    reportStorageProblem(error);
  }
}

/** The copy this token opens, or undefined (none, another version's shape, or unreadable). */
export async function readBookingCopy(token: string): Promise<BookingCopy | undefined> {
  if (!canSeal()) return undefined;
  try {
    const stored = sealed.safeParse(await get(await nameOf(token), store()));
    if (!stored.success) return undefined;
    const { iv, data } = stored.data as { iv: Uint8Array<ArrayBuffer>; data: Uint8Array<ArrayBuffer> };
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await keyOf(token), data);
    const parsed = copy.safeParse(JSON.parse(new TextDecoder().decode(plain)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A link the server no longer knows leaves nothing behind. */
export async function removeBookingCopy(token: string): Promise<void> {
  if (!canSeal()) return;
  try {
    await del(await nameOf(token), store());
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
