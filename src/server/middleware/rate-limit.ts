import type { MiddlewareHandler } from 'hono';
import { jsonError } from './errors.ts';

export interface RateLimit {
  /** Requests one client may make in a window. */
  max: number;
  windowMs: number;
}

/**
 * A fixed-window limiter per client, kept in memory (one instance; DESIGN.md §9 says what a
 * fleet needs instead). Answers 429 with Retry-After in whole seconds.
 */
export function rateLimit(
  name: string,
  limit: RateLimit,
  clientKey: (c: Parameters<MiddlewareHandler>[0]) => string,
  now: () => number = Date.now,
): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return async (c, next) => {
    const t = now();
    if (t - lastSweep > limit.windowMs) {
      for (const [key, w] of windows) if (t - w.start >= limit.windowMs) windows.delete(key);
      lastSweep = t;
    }
    const key = clientKey(c);
    let w = windows.get(key);
    if (!w || t - w.start >= limit.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((w.start + limit.windowMs - t) / 1000));
      c.header('Retry-After', String(retryAfter));
      return jsonError(c, 429, `Too many requests (${name}). Try again in ${retryAfter} seconds.`);
    }
    await next();
  };
}
