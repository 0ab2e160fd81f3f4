import type { StaffMember } from './sessions.ts';

/** Who is acting on /admin-api: a signed-in member of staff, or a script with the admin token. */
export type StaffActor = ({ kind: 'staff' } & StaffMember) | { kind: 'token' };

/** Managers (and scripts with the admin token) may make PAD files, see deposits and give roles. */
export function isManager(actor: StaffActor): boolean {
  return actor.kind === 'token' || actor.role === 'manager';
}

/** How the audit trail and the waitlist name an actor: a staff member's e-mail, or the token of scripts. */
export function actorName(actor: StaffActor): string {
  return actor.kind === 'staff' ? actor.email : 'admin token';
}
