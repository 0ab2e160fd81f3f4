import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { setPasswordInput, signInInput } from '../../shared/contract/staff.ts';
import type { AppDeps } from '../deps.ts';
import { fieldsProblem, problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { tooManyRequests, type Limiter } from '../http/rate-limit.ts';
import { actorOf, type StaffEnv } from '../http/staff-auth.ts';
import { recordAudit } from '../staff/audit.ts';
import { checkSignIn, setPasswordWithToken } from '../staff/accounts.ts';
import { defaultPasswordCost } from '../staff/passwords.ts';
import { endSession, startSession } from '../staff/sessions.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../http/staff-auth.ts';


/**
 * Staff sign in and out (POST and DELETE /admin-api/session), see who they are (GET), and use a
 * set-password link. Sign-in attempts count per account at an address, and per address: a
 * guesser gets no further on one account than on many, and their wrong passwords never lock the
 * account's owner out at their own address (a count per account alone would let anyone who
 * knows a manager's e-mail do that). An unknown e-mail is answered as a wrong password is.
 * Set-password links count against the same per-address limit.
 */
export function staffSessionRoutes(deps: AppDeps, limits: { account: Limiter; address: Limiter }, client: (c: Context) => string) {
  const { production } = deps.config;
  const cost = deps.config.staffPasswordCost ?? defaultPasswordCost;
  return new Hono<StaffEnv>()
    .post('/', jsonBody(signInInput, (fields) => (fields.some((f) => f.path === 'email') ? fieldsProblem('invalid_request', fields.filter((f) => f.path === 'email')) : problem('sign_in_incomplete'))), async (c) => {
      const { email, password } = c.var.body;
      const address = client(c);
      const accountHere = accountAtAddress(email, address);
      for (const [limiter, key] of [
        [limits.address, address],
        [limits.account, accountHere],
      ] as const) {
        const verdict = await limiter.hit(key);
        if (!verdict.ok) return tooManyRequests(c, verdict, 'too_many_sign_ins');
      }
      const member = await checkSignIn(deps.db, email, password, cost);
      if (!member) return problemAnswer(c, problem('wrong_sign_in'));
      // A right password gives its attempt back: a member signing in every day never reaches the limit.
      await limits.account.giveBack(accountHere);
      await limits.address.giveBack(address);
      const old = readSessionCookie(c, production);
      if (old) await endSession(deps.db, old);
      const now = deps.clock();
      writeSessionCookie(c, await startSession(deps.db, member.id, now), production);
      await recordAudit(deps.db, { kind: 'staff', ...member }, { action: 'signed_in', subjectType: 'staff', subjectId: member.id }, now);
      return c.json({ success: true as const, staff: member });
    })
    .get('/', (c) => {
      const actor = actorOf(c);
      return c.json({ success: true as const, staff: actor.kind === 'staff' ? { id: actor.id, email: actor.email, name: actor.name, role: actor.role } : null });
    })
    // Open (staffAuth's openStaffRoutes): a browser whose session already ended can still clear its cookie.
    .delete('/', async (c) => {
      const id = readSessionCookie(c, production);
      if (id) await endSession(deps.db, id);
      clearSessionCookie(c, production);
      return c.json({ success: true as const });
    })
    // A set-password link: counted per address as sign-in attempts are (a guesser of links gets no further than one of passwords).
    .post('/password', jsonBody(setPasswordInput), async (c) => {
      const { token, password } = c.var.body;
      const address = client(c);
      const verdict = await limits.address.hit(address);
      if (!verdict.ok) return tooManyRequests(c, verdict, 'too_many_attempts');
      const now = deps.clock();
      const member = await setPasswordWithToken(deps.db, token, password, now, cost, (trx, m) =>
        recordAudit(trx, { kind: 'staff', ...m }, { action: 'password_set', subjectType: 'staff', subjectId: m.id }, now),
      );
      if (!member) return problemAnswer(c, problem('set_password_link_used'));
      await limits.address.giveBack(address);
      return c.json({ success: true as const, staff: member });
    });
}

/**
 * The key of one account's attempts from one address. A digest: the same on every instance, and
 * of one length whatever the e-mail (the shared store's key is 255 characters at most; an e-mail
 * alone may be 254). Neither part can hold a line break, so no two pairs give one key.
 */
function accountAtAddress(email: string, address: string): string {
  return createHash('sha256').update(`${email}\n${address}`).digest('base64url');
}
