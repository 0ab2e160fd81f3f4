import type { MiddlewareHandler } from 'hono';

/** Answers that carry personal details, door codes, money or banking: no browser, proxy or service worker keeps them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};
