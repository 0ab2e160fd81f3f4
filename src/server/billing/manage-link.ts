import { createHash, randomBytes } from 'node:crypto';
import { managePath, manageTokenPattern } from '../../shared/contract/bookings.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';

/*
 * A paid order's private manage link, /booking/{token} (docs/architecture.md §4.12): 256 random bits, never
 * stored in clear. The order keeps the token's SHA-256, to find it by, and the token sealed under
 * the server's key, so that the success page and every e-mail about the order show the same link.
 * A tenancy (a signed lease, which has no order) keeps its own the same way in its rental's row.
 */

export function hashManageToken(token: string): string {
  return createHash('sha256').update(`booking:${token}`, 'utf8').digest('hex');
}

const sealContext = (orderId: string) => `manage-link:${orderId}`;

function openedToken(keyring: BankingKeyring, orderId: string, sealed: string | null): string | null {
  return sealed ? openText(keyring, sealed, sealContext(orderId)) : null;
}

/**
 * The order's manage token, made in the caller's transaction if it has none: its payment's, so
 * that the confirmation, every later message and the success page show the same link. A token
 * that no configured key opens any more (its key was dropped from BANKING_KEYS) is replaced,
 * which ends the old link. The order's row lock makes two transactions agree on one.
 */
export async function settleManageToken(trx: Db, keyring: BankingKeyring, orderId: string): Promise<string> {
  const row = await trx.selectFrom('orders').select('manage_token_sealed').where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  const existing = openedToken(keyring, orderId, row.manage_token_sealed);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  await trx
    .updateTable('orders')
    .set({ manage_token_hash: hashManageToken(token), manage_token_sealed: sealText(keyring, token, sealContext(orderId)) })
    .where('id', '=', orderId)
    .execute();
  return token;
}

/** The manage token of a paid order (an order paid before payments made one gets it now); undefined for an order never paid. */
export async function manageTokenOf(db: Db, keyring: BankingKeyring, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select(['paid_at', 'manage_token_sealed']).where('id', '=', orderId).executeTakeFirst();
  if (!row?.paid_at) return undefined;
  return openedToken(keyring, orderId, row.manage_token_sealed) ?? db.transaction().execute((trx) => settleManageToken(trx, keyring, orderId));
}

const tenancyContext = (rentalId: string) => `tenancy-link:${rentalId}`;

/**
 * A tenancy's manage token, made once: at its signing (or adoption), so that every later message
 * reads it without locking the rental. One no configured key opens any more is replaced.
 */
export async function settleTenancyToken(trx: Db, keyring: BankingKeyring, rentalId: string): Promise<string> {
  const row = await trx.selectFrom('rentals').select('manage_token_sealed').where('id', '=', rentalId).executeTakeFirstOrThrow();
  const existing = row.manage_token_sealed ? openText(keyring, row.manage_token_sealed, tenancyContext(rentalId)) : null;
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  const made = await trx
    .updateTable('rentals')
    .set({ manage_token_hash: hashManageToken(token), manage_token_sealed: sealText(keyring, token, tenancyContext(rentalId)) })
    .where('id', '=', rentalId)
    .where((eb) => (row.manage_token_sealed === null ? eb('manage_token_sealed', 'is', null) : eb('manage_token_sealed', '=', row.manage_token_sealed)))
    .executeTakeFirst();
  // Another transaction made (or replaced) it first: that one is the tenancy's.
  return made.numUpdatedRows > 0n ? token : settleTenancyToken(trx, keyring, rentalId);
}

/**
 * The manage page of a signed lease's tenancy (the lease page links there), read only: null before
 * it has a token, or while its token is sealed under a key no longer configured (the next message
 * about the tenancy replaces it; a page view never does, so the links already sent keep working).
 */
export async function tenancyManagePath(db: Db, keyring: BankingKeyring, offerId: number): Promise<string | null> {
  const rental = await db.selectFrom('rentals').select(['id', 'manage_token_sealed']).where('lease_offer_id', '=', offerId).executeTakeFirst();
  const token = rental?.manage_token_sealed ? openText(keyring, rental.manage_token_sealed, tenancyContext(rental.id)) : null;
  return token ? managePath(token) : null;
}

/** What a manage link opens: a paid order (and the rental it made, if any), or a tenancy. */
export type ManageTarget = { kind: 'order'; orderId: string; rentalId: string | null } | { kind: 'tenancy'; rentalId: string };

/** The paid order or the tenancy a manage token opens; anything that cannot be a token is not looked up. */
export async function manageTargetByToken(db: Db, token: string): Promise<ManageTarget | undefined> {
  if (!manageTokenPattern.test(token)) return undefined;
  const hash = hashManageToken(token);
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('rentals as r', 'r.order_id', 'o.id')
    .select(['o.id', 'r.id as rental_id'])
    .where('o.manage_token_hash', '=', hash)
    .where('o.paid_at', 'is not', null)
    .executeTakeFirst();
  if (order) return { kind: 'order', orderId: order.id, rentalId: order.rental_id };
  const tenancy = await db.selectFrom('rentals').select('id').where('manage_token_hash', '=', hash).where('lease_offer_id', 'is not', null).executeTakeFirst();
  return tenancy ? { kind: 'tenancy', rentalId: tenancy.id } : undefined;
}
