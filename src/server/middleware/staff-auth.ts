import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps.ts';
import { siteOrigins } from '../public-origin.ts';
import type { StaffEnv } from '../staff/actor.ts';
import { readSessionCookie, sessionMember } from '../staff/sessions.ts';
import { jsonError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The staff routes reached without a session: signing in, and a set-password link. */
export const openStaffRoutes = [
  { method: 'POST', path: '/admin-api/session' },
  { method: 'POST', path: '/admin-api/session/password' },
] as const;

const isOpen = (c: Context) => openStaffRoutes.some((r) => r.method === c.req.method && r.path === c.req.path);

/**
 * Everything under /admin-api: a script's `Authorization: Bearer <ADMIN_TOKEN>`, or a staff
 * session cookie. A cookie request that changes something must come from one of the site's own
 * origins (the Origin header, which browsers send on every such request): a page elsewhere cannot
 * make a signed-in browser act. Every answer is no-store.
 */
export function staffAuth(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): MiddlewareHandler<StaffEnv> {
  const expected = Buffer.from(deps.config.adminToken);
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const given = Buffer.from(/^Bearer (.+)$/.exec(authorization)?.[1] ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return jsonError(c, 401, 'A valid admin token is required');
      c.set('actor', { kind: 'token' });
    } else {
      if (!isOpen(c)) {
        const id = readSessionCookie(c, deps.config.production);
        const member = id ? await sessionMember(deps.db, id, deps.clock()) : null;
        if (!member) return jsonError(c, 401, 'Please sign in to continue');
        c.set('actor', { kind: 'staff', ...member });
      }
      if (!safeMethods.has(c.req.method)) {
        const origin = c.req.header('origin');
        if (!origin || !siteOrigins(c, deps.config).includes(origin)) return jsonError(c, 403, 'This request must come from the staff console');
      }
    }
    await next();
    c.header('Cache-Control', 'no-store');
  };
}
