import type { MiddlewareHandler } from 'hono';
import { jsonError } from './errors.ts';

/** An Idempotency-Key header: visible ASCII, as the IETF draft for the header and every client library produce. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** A change that must happen once names itself, so a double tap or a retry changes nothing twice. */
export const requireIdempotencyKey: MiddlewareHandler<{ Variables: { idempotencyKey: string } }> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return jsonError(c, 400, 'An Idempotency-Key header is required: the same key for a retry of this request, a new one for a new request');
  if (!idempotencyKeyPattern.test(key)) return jsonError(c, 400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  c.set('idempotencyKey', key);
  await next();
};
