import { Hono } from 'hono';
import type { AppContext } from '../deps.ts';

/** SPEC call 3: the public list of every offering. */
export function officesRoutes(ctx: AppContext) {
  return new Hono().get('/available', async (c) => {
    const body = await ctx.officesList.body();
    // Always revalidated: the service worker keeps the offline snapshot, not the HTTP cache.
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=UTF-8');
    return c.body(body);
  });
}
