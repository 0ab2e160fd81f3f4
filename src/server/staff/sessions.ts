import type { StaffRole } from '../../shared/contract/staff.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { hashSecretToken as hashOf, isSecretToken, newSecretToken } from '../secrets/secret-token.ts';

/** A session ends after this long without a request (a working morning away from the desk). */
export const sessionIdleMs = 2 * 3600_000;
/** …and this long after sign-in whatever happens: a new day, a new sign-in. */
export const sessionMaxMs = 12 * 3600_000;
/** last_seen_at is written at most this often: a page of the console makes several requests. */
const touchEveryMs = 60_000;

export interface StaffMember {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
}

/** A new session for the account (a new id at every sign-in): the cookie's value, never stored. */
export async function startSession(db: Db, staffId: string, now: Date): Promise<string> {
  const id = newSecretToken();
  await db.insertInto('staff_sessions').values({ id_hash: hashOf(id), staff_id: staffId, created_at: now, last_seen_at: now }).execute();
  return id;
}

/** The signed-in member of a session id, or null (unknown, expired, or its account disabled). */
export async function sessionMember(db: Db, id: string, now: Date): Promise<StaffMember | null> {
  if (!isSecretToken(id)) return null;
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
    .select(['a.id', 'a.email', 'a.name', 'a.role', 'a.disabled_at', 's.created_at', 's.last_seen_at'])
    .where('s.id_hash', '=', hashOf(id))
    .executeTakeFirst();
  if (!row || row.disabled_at) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= sessionIdleMs || now.getTime() - row.created_at.getTime() >= sessionMaxMs) {
    await endSession(db, id);
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() >= touchEveryMs) {
    await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id_hash', '=', hashOf(id)).execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', hashOf(id)).execute();
}

/** Disabling an account, or a new password, ends every session it has. */
export async function endSessionsOf(db: Db, staffId: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

export const newStaffId = () => randomUUID();
