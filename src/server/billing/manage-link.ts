import { createHash, randomBytes } from 'node:crypto';
import { manageTokenPattern } from '../../shared/contract/bookings.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';

/*
 * A paid order's private manage link, /booking/{token} (docs/architecture.md §4.12): 256 random bits, never
 * stored in clear. The order keeps the token's SHA-256, to find it by, and the token sealed under
 * the server's key, so that the success page and every e-mail about the order show the same link.
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

/** The paid order a manage token opens; anything that cannot be a token is not looked up. */
export async function orderIdByManageToken(db: Db, token: string): Promise<string | undefined> {
  if (!manageTokenPattern.test(token)) return undefined;
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('manage_token_hash', '=', hashManageToken(token))
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return row?.id;
}
