import { Hono, type Context } from 'hono';
import { addStaffInput } from '../../shared/contract/staff.ts';
import type { AppDeps } from '../deps.ts';
import { jsonError } from '../middleware/errors.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { siteOrigins } from '../public-origin.ts';
import { actorOf, type StaffEnv } from '../staff/actor.ts';
import { recordAudit } from '../staff/audit.ts';
import { addStaff, disableStaff, listStaff, setPasswordLinkHours, StaffEmailTakenError } from '../staff/accounts.ts';
import { defaultPasswordCost } from '../staff/passwords.ts';

/** Where a set-password link points: the console's page, the token after '#' (never sent to a server's logs). */
export function setPasswordUrl(c: Context, deps: Pick<AppDeps, 'config'>, token: string): string {
  return `${siteOrigins(c, deps.config)[0]}/staff/set-password#${token}`;
}

/** Staff accounts: list, add (with a password or a one-time link), disable. */
export function adminStaffRoutes(deps: AppDeps) {
  return new Hono<StaffEnv>()
    .get('/', async (c) => c.json({ success: true as const, accounts: await listStaff(deps.db) }))
    .post('/', jsonBody(addStaffInput), async (c) => {
      const input = c.var.body;
      const now = deps.clock();
      try {
        const { id, setPasswordToken } = await addStaff(deps.db, { email: input.email, name: input.name ?? null, password: input.password }, now, deps.config.staffPasswordCost ?? defaultPasswordCost);
        await recordAudit(deps.db, actorOf(c), { action: 'staff_added', subjectType: 'staff', subjectId: id, details: { email: input.email } }, now);
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
        if (err instanceof StaffEmailTakenError) return jsonError(c, 409, err.message);
        throw err;
      }
    })
    .post('/:id/disable', async (c) => {
      const key = c.req.param('id');
      if (key.length > 254) return jsonError(c, 400, 'Not an account id or e-mail');
      const now = deps.clock();
      const account = await disableStaff(deps.db, key, now);
      if (!account) return jsonError(c, 404, 'No such staff account');
      await recordAudit(deps.db, actorOf(c), { action: 'staff_disabled', subjectType: 'staff', subjectId: account.id }, now);
      return c.json({ success: true as const, account });
    });
}
