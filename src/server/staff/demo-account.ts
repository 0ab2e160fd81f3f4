import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { addStaff, StaffEmailTakenError } from './accounts.ts';

export const demoStaffEmail = 'manager@demo.example';

/**
 * Outside production, a first start with no staff account makes one, so the console can be
 * tried at once: its password is random and exists in clear only in the text returned (which
 * index.ts prints and keeps in the data folder). Null when any account already exists.
 */
export async function createDemoStaff(db: Db, now: Date, cost: number, consoleUrl: string): Promise<string | null> {
  const any = await db.selectFrom('staff_accounts').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const password = randomBytes(12).toString('base64url');
  try {
    await addStaff(db, { email: demoStaffEmail, name: 'Demo manager', role: 'manager', password }, now, cost);
  } catch (err) {
    // Another instance starting at the same moment made it.
    if (err instanceof StaffEmailTakenError) return null;
    throw err;
  }
  return `Staff console: ${consoleUrl}\nE-mail: ${demoStaffEmail}\nPassword: ${password}`;
}
