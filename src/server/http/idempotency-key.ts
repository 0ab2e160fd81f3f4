import type { MiddlewareHandler } from 'hono';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';

/** An Idempotency-Key header: visible ASCII, as the IETF draft for the header and every client library produce. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** A change that must happen once names itself, so a double tap or a retry changes nothing twice. */
export const requireIdempotencyKey: MiddlewareHandler<{ Variables: { idempotencyKey: string } }> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return problemAnswer(c, problem('idempotency_key_required'));
  if (!idempotencyKeyPattern.test(key)) return problemAnswer(c, problem('idempotency_key_invalid'));
  c.set('idempotencyKey', key);
  await next();
};
