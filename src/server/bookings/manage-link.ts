import { createHash, randomBytes } from 'node:crypto';
import { manageTokenPattern } from '../../shared/contract/bookings.ts';
import type { Db } from '../db/database.ts';
import type { BankingKeyring } from '../secrets/banking-keys.ts';
import { openText, sealText } from '../secrets/sealed-text.ts';

/*
 * A paid order's private manage link, /booking/{token} (DESIGN.md §4.12): 256 random bits, never
 * stored in clear. The order keeps the token's SHA-256, to find it by, and the token sealed under
 * the server's key, so that the success page and every e-mail about the order show the same link.
 */

export function hashManageToken(token: string): string {
  return createHash('sha256').update(`booking:${token}`, 'utf8').digest('hex');
}

const sealContext = (orderId: string) => `manage-link:${orderId}`;

/**
 * The manage token of a paid order, made the first time it is asked for (two instances asking at
 * once agree on one: only a row without a token takes one). Undefined for an order never paid.
 * A token that no configured key opens any more (its key was dropped from BANKING_KEYS) is
 * replaced, which ends the old link.
 */
export async function manageTokenOf(db: Db, keyring: BankingKeyring, orderId: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db.selectFrom('orders').select(['paid_at', 'manage_token_hash', 'manage_token_sealed']).where('id', '=', orderId).executeTakeFirst();
    if (!row?.paid_at) return undefined;
    const existing = row.manage_token_sealed ? openText(keyring, row.manage_token_sealed, sealContext(orderId)) : null;
    if (existing) return existing;
    const token = randomBytes(32).toString('base64url');
    const taken = await db
      .updateTable('orders')
      .set({ manage_token_hash: hashManageToken(token), manage_token_sealed: sealText(keyring, token, sealContext(orderId)) })
      .where('id', '=', orderId)
      .where((eb) => (row.manage_token_hash === null ? eb('manage_token_hash', 'is', null) : eb('manage_token_hash', '=', row.manage_token_hash)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return token;
  }
  throw new Error(`the manage link of order ${orderId} could not be settled`);
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
