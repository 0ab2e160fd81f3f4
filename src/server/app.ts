import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { Db } from './db/database.ts';
import { adminAuth } from './middleware/admin-auth.ts';
import { jsonError } from './middleware/errors.ts';
import { rateLimit, type RateLimit } from './middleware/rate-limit.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { officesRoutes } from './routes/offices.ts';
import type { StaticSite } from './static-files.ts';

export interface AppConfig {
  production: boolean;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  adminToken: string;
  rateLimits: { browse: RateLimit; lease: RateLimit; checkout: RateLimit };
}

export interface AppDeps {
  db: Db;
  /** The current instant; fixed in tests and by APP_NOW outside production. */
  clock: () => Date;
  config: AppConfig;
  staticSite?: StaticSite;
}

export const defaultRateLimits: AppConfig['rateLimits'] = {
  browse: { max: 600, windowMs: 60_000 },
  lease: { max: 30, windowMs: 60_000 },
  checkout: { max: 20, windowMs: 60_000 },
};

export function createApp(deps: AppDeps) {
  const { config } = deps;
  const clientKey = (c: Context): string => {
    if (config.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  const app = new Hono();
  app.use(securityHeaders(deps.staticSite?.inlineStyleHashes ?? []));

  app.use('/public-api/*', rateLimit('browse', config.rateLimits.browse, clientKey));
  app.route('/public-api/offices', officesRoutes(deps));

  app.use('/admin-api/*', adminAuth(config.adminToken));

  app.all('/public-api/*', (c) => jsonError(c, 404, `No such API endpoint: ${c.req.method} ${c.req.path}`));
  app.all('/admin-api/*', (c) => jsonError(c, 404, `No such API endpoint: ${c.req.method} ${c.req.path}`));

  app.get('*', (c) => deps.staticSite?.respond(c) ?? jsonError(c, 404, 'Not found'));
  app.notFound((c) => jsonError(c, 404, 'Not found'));
  app.onError((err, c) => {
    if (err instanceof SyntaxError) return jsonError(c, 400, 'The request body is not valid JSON');
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return jsonError(c, 500, 'Something went wrong on our side. Please try again.');
  });
  return app;
}
