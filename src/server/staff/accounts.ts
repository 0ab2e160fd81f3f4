import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { endSessionsOf, newStaffId, type StaffMember } from './sessions.ts';

/** A set-password link works this long, once. */
export const setPasswordLinkHours = 48;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface StaffAccountRow {
  id: string;
  email: string;
  name: string | null;
  /** false: the account waits for its set-password link. */
  has_password: boolean;
  disabled: boolean;
  created_at: string;
}

export class StaffEmailTakenError extends Error {}

/**
 * A new account: with a password, or with a one-time set-password token (returned in clear,
 * stored as its hash) when no password is given.
 */
export async function addStaff(
  db: Db,
  input: { email: string; name: string | null; password?: string },
  now: Date,
  cost: number,
): Promise<{ id: string; setPasswordToken: string | null }> {
  const taken = await db.selectFrom('staff_accounts').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase())).executeTakeFirst();
  if (taken) throw new StaffEmailTakenError(`${input.email} already has an account`);
  const id = newStaffId();
  const token = input.password === undefined ? randomBytes(32).toString('base64url') : null;
  const inserted = db
    .insertInto('staff_accounts')
    .values({
      id,
      email: input.email,
      name: input.name,
      password_hash: input.password === undefined ? null : await hashPassword(input.password, cost),
      set_password_hash: token === null ? null : hashOf(token),
      set_password_expires_at: token === null ? null : new Date(now.getTime() + setPasswordLinkHours * 3600_000),
      disabled_at: null,
      created_at: now,
    })
    .execute();
  try {
    await inserted;
  } catch (err) {
    // Two requests (or two instances' first starts) adding one e-mail at once: the index decides.
    if ((err as { code?: unknown }).code === '23505') throw new StaffEmailTakenError(`${input.email} already has an account`);
    throw err;
  }
  return { id, setPasswordToken: token };
}

export async function listStaff(db: Db): Promise<StaffAccountRow[]> {
  const rows = await db.selectFrom('staff_accounts').select(['id', 'email', 'name', 'password_hash', 'disabled_at', 'created_at']).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, has_password: r.password_hash !== null, disabled: r.disabled_at !== null, created_at: r.created_at.toISOString() }));
}

/** Disables the account (by id or e-mail) and ends its sessions; null when there is no such account. */
export async function disableStaff(db: Db, idOrEmail: string, now: Date): Promise<StaffAccountRow | null> {
  const byId = /^[0-9a-f-]{36}$/.test(idOrEmail);
  const row = await db
    .updateTable('staff_accounts')
    .set((eb) => ({ disabled_at: eb.fn.coalesce('disabled_at', eb.val(now)) }))
    .where((eb) => (byId ? eb('id', '=', idOrEmail) : eb(eb.fn('lower', ['email']), '=', idOrEmail.toLowerCase())))
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await endSessionsOf(db, row.id);
  return (await listStaff(db)).find((a) => a.id === row.id) ?? null;
}

/** Uses a set-password token once: the account gets its password, the token is spent, its sessions end. */
export async function setPasswordWithToken(db: Db, token: string, password: string, now: Date, cost: number): Promise<StaffMember | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = await hashPassword(password, cost);
  const row = await db
    .updateTable('staff_accounts')
    .set({ password_hash: hash, set_password_hash: null, set_password_expires_at: null })
    .where('set_password_hash', '=', hashOf(token))
    .where('set_password_expires_at', '>', now)
    .where('disabled_at', 'is', null)
    .returning(['id', 'email', 'name'])
    .executeTakeFirst();
  if (!row) return null;
  await endSessionsOf(db, row.id);
  return row;
}

/**
 * The member whose e-mail and password these are, or null. An unknown e-mail costs the same
 * scrypt as a wrong password, and gets the same null.
 */
export async function checkSignIn(db: Db, email: string, password: string, cost: number): Promise<StaffMember | null> {
  const row = await db
    .selectFrom('staff_accounts')
    .select(['id', 'email', 'name', 'password_hash', 'disabled_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const usable = row && row.password_hash && !row.disabled_at ? row.password_hash : null;
  const matches = await verifyPassword(password, usable ?? (await dummyPasswordHash(cost)));
  return usable && matches && row ? { id: row.id, email: row.email, name: row.name } : null;
}
