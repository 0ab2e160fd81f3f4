import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { jsonError } from './errors.ts';

/** Staff endpoints take `Authorization: Bearer <ADMIN_TOKEN>`. */
export function adminAuth(token: string): MiddlewareHandler {
  const expected = Buffer.from(token);
  return async (c, next) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return jsonError(c, 401, 'A valid admin token is required');
    }
    await next();
  };
}
