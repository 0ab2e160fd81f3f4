import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDeps } from '../deps.ts';
import { siteOrigins } from './public-origin.ts';
import { isManager, type StaffActor } from '../staff/actor.ts';
import { sessionMaxMs, sessionMember } from '../staff/sessions.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';
import { bearerMatches } from './bearer.ts';

export type StaffEnv = { Variables: { actor: StaffActor } };

/** The actor the staff check (staffAuth below) set on this request. */
export function actorOf(c: Context): StaffActor {
  const actor = c.get('actor') as StaffActor | undefined;
  if (!actor) throw new Error('A staff route was reached without the staff check');
  return actor;
}

/** The cookie: __Host- in production (Secure, Path=/, no Domain: only this origin can set or read it). */
export function sessionCookieName(production: boolean): string {
  return production ? '__Host-staff' : 'staff';
}

export function readSessionCookie(c: Context, production: boolean): string | undefined {
  return getCookie(c, sessionCookieName(production));
}

export function writeSessionCookie(c: Context, id: string, production: boolean): void {
  setCookie(c, sessionCookieName(production), id, { httpOnly: true, sameSite: 'Strict', secure: production, path: '/', maxAge: sessionMaxMs / 1000 });
}

export function clearSessionCookie(c: Context, production: boolean): void {
  deleteCookie(c, sessionCookieName(production), { path: '/', secure: production });
}


const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The staff routes reached without a session: signing in, a set-password link, and signing out
 * (a browser whose session has already ended can still clear its cookie). Each still needs the
 * site's Origin, as every cookie request that changes something does.
 */
export const openStaffRoutes = [
  { method: 'POST', path: '/admin-api/session' },
  { method: 'POST', path: '/admin-api/session/password' },
  { method: 'DELETE', path: '/admin-api/session' },
] as const;

const isOpen = (c: Context) => openStaffRoutes.some((r) => r.method === c.req.method && r.path === c.req.path);

/** A refusal, never kept by a cache (as every staff answer). */
function refuse(c: Context, code: 'admin_token_invalid' | 'sign_in_required' | 'wrong_origin') {
  c.header('Cache-Control', 'no-store');
  return problemAnswer(c, problem(code));
}

/**
 * Everything under /admin-api: a script's `Authorization: Bearer <ADMIN_TOKEN>`, or a staff
 * session cookie. Only a Bearer header takes the token's path: another scheme (the Basic
 * credentials a staging proxy adds) is not the admin's, and the request goes on to the cookie
 * check. A cookie request that changes something must come from one of the site's own origins
 * (the Origin header, which browsers send on every such request): a page elsewhere cannot make a
 * signed-in browser act. Every answer, a refusal too, is no-store.
 */
export function staffAuth(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const token = bearerMatches(c.req.header('authorization'), deps.config.adminToken);
    if (token !== null) {
      if (!token) return refuse(c, 'admin_token_invalid');
      c.set('actor', { kind: 'token' });
    } else {
      if (!isOpen(c)) {
        const id = readSessionCookie(c, deps.config.production);
        const member = id ? await sessionMember(deps.db, id, deps.clock()) : null;
        if (!member) return refuse(c, 'sign_in_required');
        c.set('actor', { kind: 'staff', ...member });
      }
      if (!safeMethods.has(c.req.method)) {
        const origin = c.req.header('origin');
        if (!origin || !siteOrigins(c, deps.config).includes(origin)) return refuse(c, 'wrong_origin');
      }
    }
    await next();
    c.header('Cache-Control', 'no-store');
  };
}

/** What only managers (and the admin token) reach: PAD files and backups, which carry the tenants' account numbers. */
export const managersOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
  if (!isManager(actorOf(c))) return problemAnswer(c, problem('managers_only'));
  await next();
};
