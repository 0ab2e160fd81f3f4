import type { Context } from 'hono';
import type { StaffMember } from './sessions.ts';

/** Who is acting on /admin-api: a signed-in member of staff, or a script with the admin token. */
export type StaffActor = ({ kind: 'staff' } & StaffMember) | { kind: 'token' };

export type StaffEnv = { Variables: { actor: StaffActor } };

/** The actor the staff check (middleware/staff-auth.ts) set on this request. */
export function actorOf(c: Context): StaffActor {
  const actor = c.get('actor') as StaffActor | undefined;
  if (!actor) throw new Error('A staff route was reached without the staff check');
  return actor;
}

/** How the audit trail and the waitlist name an actor: a staff member's e-mail, or the token of scripts. */
export function actorName(actor: StaffActor): string {
  return actor.kind === 'staff' ? actor.email : 'admin token';
}
