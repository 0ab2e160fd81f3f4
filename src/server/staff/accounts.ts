import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { hashSecretToken as hashOf, isSecretToken, newSecretToken } from '../secrets/secret-token.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { endSessionsOf, newStaffId, type StaffMember } from './sessions.ts';
import type { StaffAccount, StaffRole } from '../../shared/contract/staff.ts';

/** A set-password link works this long, once. */
export const setPasswordLinkHours = 48;


export class StaffEmailTakenError extends Error {}

/**
 * A new account: with a password, or with a one-time set-password token (returned in clear,
 * stored as its hash) when no password is given; `within` runs in its transaction (the audit row).
 */
export async function addStaff(
  db: Db,
  input: { email: string; name: string | null; role: StaffRole; password?: string },
  now: Date,
  cost: number,
  within?: (trx: Db, id: string) => Promise<void>,
): Promise<{ id: string; setPasswordToken: string | null }> {
  const taken = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw new StaffEmailTakenError(`${input.email} already has an account`);
  const id = newStaffId();
  const token = input.password === undefined ? newSecretToken() : null;
  // Hashed before the transaction: no transaction stays open through a scrypt.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password, cost);
  const insert = (trx: Db) =>
    trx
      .insertInto('staff_accounts')
      .values({
        id,
        email: input.email,
        name: input.name,
        role: input.role,
        password_hash: passwordHash,
        set_password_hash: token === null ? null : hashOf(token),
        set_password_expires_at: token === null ? null : new Date(now.getTime() + setPasswordLinkHours * 3600_000),
        disabled_at: null,
        created_at: now,
      })
      .execute();
  try {
    await db.transaction().execute(async (trx) => {
      await insert(trx);
      await within?.(trx, id);
    });
  } catch (err) {
    // Two requests (or two instances' first starts) adding one e-mail at once: the index decides.
    if ((err as { code?: unknown }).code === '23505') throw new StaffEmailTakenError(`${input.email} already has an account`);
    throw err;
  }
  return { id, setPasswordToken: token };
}

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.selectFrom('staff_accounts').select(['id', 'email', 'name', 'role', 'password_hash', 'disabled_at', 'created_at']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    has_password: r.password_hash !== null,
    disabled: r.disabled_at !== null,
    created_at: r.created_at.toISOString(),
  }));
}

/** Which account a path names: its id, or its e-mail (any case). */
export type StaffKey = { id: string } | { email: string };

function whereKey(key: StaffKey) {
  return (eb: ExpressionBuilder<Database, 'staff_accounts'>) => ('id' in key ? eb('id', '=', key.id) : eb(eb.fn('lower', ['email']), '=', key.email.toLowerCase()));
}

async function accountRow(db: Db, id: string): Promise<StaffAccount | null> {
  return (await listStaff(db)).find((a) => a.id === id) ?? null;
}

/**
 * Disables the account and ends its sessions, in one transaction with `within` (the audit row);
 * null when there is no such account.
 */
export async function disableStaff(db: Db, key: StaffKey, now: Date, within: (trx: Db, id: string) => Promise<void>): Promise<StaffAccount | null> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('staff_accounts')
      .set((eb) => ({
        disabled_at: eb.fn.coalesce('disabled_at', eb.val(now)),
      }))
      .where(whereKey(key))
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await endSessionsOf(trx, row.id);
    await within(trx, row.id);
    return row.id;
  });
  return id === null ? null : accountRow(db, id);
}

export type ResetResult = { kind: 'reset'; account: StaffAccount; setPasswordToken: string } | { kind: 'unknown' } | { kind: 'disabled' };

/**
 * A new one-time set-password link for the account, replacing any earlier one (only the newest
 * link works). The password it has keeps working until the link is used: a reset asked by
 * mistake, or by someone else, locks nobody out. Written with `within` (the audit row).
 */
export async function resetStaffPassword(db: Db, key: StaffKey, now: Date, within: (trx: Db, id: string) => Promise<void>): Promise<ResetResult> {
  const token = newSecretToken();
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('staff_accounts').select(['id', 'disabled_at']).where(whereKey(key)).forUpdate().executeTakeFirst();
    if (!row) return { kind: 'unknown' as const };
    if (row.disabled_at) return { kind: 'disabled' as const };
    await trx
      .updateTable('staff_accounts')
      .set({
        set_password_hash: hashOf(token),
        set_password_expires_at: new Date(now.getTime() + setPasswordLinkHours * 3600_000),
      })
      .where('id', '=', row.id)
      .execute();
    await within(trx, row.id);
    return { kind: 'done' as const, id: row.id };
  });
  if (result.kind !== 'done') return result;
  return {
    kind: 'reset',
    account: (await accountRow(db, result.id))!,
    setPasswordToken: token,
  };
}

/**
 * Uses a set-password link once: the account gets its password, the link is spent, its sessions
 * end, with `within` (the audit row), all in one transaction. The link is looked up before the
 * password is hashed: a made-up or spent link costs a query, never a scrypt.
 */
export async function setPasswordWithToken(
  db: Db,
  token: string,
  password: string,
  now: Date,
  cost: number,
  within: (trx: Db, member: StaffMember) => Promise<void>,
): Promise<StaffMember | null> {
  if (!isSecretToken(token)) return null;
  const found = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('set_password_hash', '=', hashOf(token))
    .where('set_password_expires_at', '>', now)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!found) return null;
  const hash = await hashPassword(password, cost);
  return db.transaction().execute(async (trx) => {
    // The same conditions again: the link may have been used, or the account disabled, while the hash was made.
    const row = await trx
      .updateTable('staff_accounts')
      .set({
        password_hash: hash,
        set_password_hash: null,
        set_password_expires_at: null,
      })
      .where('id', '=', found.id)
      .where('set_password_hash', '=', hashOf(token))
      .where('set_password_expires_at', '>', now)
      .where('disabled_at', 'is', null)
      .returning(['id', 'email', 'name', 'role'])
      .executeTakeFirst();
    if (!row) return null;
    await endSessionsOf(trx, row.id);
    await within(trx, row);
    return row;
  });
}

/**
 * The member whose e-mail and password these are, or null. An unknown e-mail costs the same
 * scrypt as a wrong password, and gets the same null.
 */
export async function checkSignIn(db: Db, email: string, password: string, cost: number): Promise<StaffMember | null> {
  const row = await db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'name', 'role', 'password_hash', 'disabled_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const usable = row && row.password_hash && !row.disabled_at ? row.password_hash : null;
  const matches = await verifyPassword(password, usable ?? (await dummyPasswordHash(cost)));
  return usable && matches && row ? { id: row.id, email: row.email, name: row.name, role: row.role } : null;
}

/** A new role for an account; `within` runs in its transaction (the audit row). Null for an unknown account. */
export async function setStaffRole(db: Db, key: StaffKey, role: StaffRole, within: (trx: Db, id: string) => Promise<void>): Promise<StaffAccount | null> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('staff_accounts').set({ role }).where(whereKey(key)).returning('id').executeTakeFirst();
    if (!row) return null;
    await within(trx, row.id);
    return row.id;
  });
  return id === null ? null : accountRow(db, id);
}

/** An account's role; undefined when there is no such account. */
export async function staffRoleOf(db: Db, key: StaffKey): Promise<StaffRole | undefined> {
  return (await db.selectFrom('staff_accounts').select('role').where(whereKey(key)).executeTakeFirst())?.role;
}
