import { Hono, type Context } from 'hono';
import { addStaffInput, staffRoleInput } from '../../shared/contract/staff.ts';
import { isManager } from '../staff/actor.ts';
import type { AppDeps } from '../deps.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { siteOrigins } from '../http/public-origin.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { addStaff, disableStaff, listStaff, resetStaffPassword, setPasswordLinkHours, setStaffRole, staffRoleOf, StaffEmailTakenError, type StaffKey } from '../staff/accounts.ts';
import type { StaffActor } from '../staff/actor.ts';
import { defaultPasswordCost } from '../staff/passwords.ts';
import { pathParam, staffKey } from '../http/path-params.ts';

/** Where a set-password link points: the console's page, the token after '#' (never sent to a server's logs). */
export function setPasswordUrl(c: Context, deps: Pick<AppDeps, 'config'>, token: string): string {
  return `${siteOrigins(c, deps.config)[0]}/staff/set-password#${token}`;
}


/** Staff accounts: list, add (with a password or a one-time link), disable, and a new set-password link. */
export function staffAccountRoutes(deps: AppDeps) {
  /**
   * A manager's account is disabled or given a new set-password link by a manager only: a member of
   * staff who could reset it would set its password and sign in with a manager's rights.
   */
  const mayChangeAccount = async (actor: StaffActor, key: StaffKey) => isManager(actor) || (await staffRoleOf(deps.db, key)) !== 'manager';
  return new Hono<StaffEnv>()
    .get('/', async (c) => c.json({ success: true as const, accounts: await listStaff(deps.db) }))
    .post('/', jsonBody(addStaffInput), async (c) => {
      const input = c.var.body;
      const now = deps.clock();
      const actor = actorOf(c);
      const role = input.role ?? 'staff';
      if (role === 'manager' && !isManager(actor)) return problemAnswer(c, problem('managers_only'));
      try {
        const { id, setPasswordToken } = await addStaff(
          deps.db,
          { email: input.email, name: input.name ?? null, role, password: input.password },
          now,
          deps.config.staffPasswordCost ?? defaultPasswordCost,
          (trx, newId) => recordAudit(trx, actor, { action: 'staff_added', subjectType: 'staff', subjectId: newId, details: { email: input.email, role } }, now),
        );
        const account = (await listStaff(deps.db)).find((a) => a.id === id)!;
        return c.json(
          {
            success: true as const,
            account,
            set_password_url: setPasswordToken ? setPasswordUrl(c, deps, setPasswordToken) : null,
            set_password_hours: setPasswordToken ? setPasswordLinkHours : null,
          },
          201,
        );
      } catch (err) {
        if (err instanceof StaffEmailTakenError) return problemAnswer(c, problem('staff_email_taken', { email: input.email }));
        throw err;
      }
    })
    .post('/:id/disable', async (c) => {
      const key = pathParam(c, staffKey);
      if (!key) return problemAnswer(c, problem('not_a_staff_account'));
      const now = deps.clock();
      const actor = actorOf(c);
      if (!(await mayChangeAccount(actor, key))) return problemAnswer(c, problem('managers_only'));
      const account = await disableStaff(deps.db, key, now, (trx, id) => recordAudit(trx, actor, { action: 'staff_disabled', subjectType: 'staff', subjectId: id }, now));
      if (!account) return problemAnswer(c, problem('no_staff_account'));
      return c.json({ success: true as const, account });
    })
    // Only a manager gives or takes a role: a member of staff cannot make themselves a manager.
    .post('/:id/role', jsonBody(staffRoleInput), async (c) => {
      const key = pathParam(c, staffKey);
      if (!key) return problemAnswer(c, problem('not_a_staff_account'));
      const actor = actorOf(c);
      if (!isManager(actor)) return problemAnswer(c, problem('managers_only'));
      const { role } = c.var.body;
      const now = deps.clock();
      const account = await setStaffRole(deps.db, key, role, (trx, id) => recordAudit(trx, actor, { action: 'staff_role_changed', subjectType: 'staff', subjectId: id, details: { role } }, now));
      if (!account) return problemAnswer(c, problem('no_staff_account'));
      return c.json({ success: true as const, account });
    })
    // A forgotten password: a new one-time link replaces any earlier one; the password keeps working until the link is used.
    .post('/:id/reset', async (c) => {
      const key = pathParam(c, staffKey);
      if (!key) return problemAnswer(c, problem('not_a_staff_account'));
      const now = deps.clock();
      const actor = actorOf(c);
      if (!(await mayChangeAccount(actor, key))) return problemAnswer(c, problem('managers_only'));
      const result = await resetStaffPassword(deps.db, key, now, (trx, id) =>
        recordAudit(trx, actor, { action: 'password_reset', subjectType: 'staff', subjectId: id, details: { link_hours: setPasswordLinkHours } }, now),
      );
      if (result.kind === 'unknown') return problemAnswer(c, problem('no_staff_account'));
      if (result.kind === 'disabled') return problemAnswer(c, problem('staff_account_disabled'));
      return c.json({
        success: true as const,
        account: result.account,
        set_password_url: setPasswordUrl(c, deps, result.setPasswordToken),
        set_password_hours: setPasswordLinkHours,
      });
    });
}
