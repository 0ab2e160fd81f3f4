import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { Db } from './db/database.ts';
import { adminAuth } from './middleware/admin-auth.ts';
import { jsonError } from './middleware/errors.ts';
import { rateLimit, type RateLimit } from './middleware/rate-limit.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { testCheckoutRoutes } from './payments/test-checkout.ts';
import { adminLeaseOfferRoutes } from './routes/admin-lease-offers.ts';
import { adminOrderRoutes } from './routes/admin-orders.ts';
import { adminWaitlistRoutes } from './routes/admin-waitlist.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { leaseRoutes } from './routes/lease.ts';
import { officesRoutes } from './routes/offices.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import type { StaticSite } from './static-files.ts';

export interface AppConfig {
  production: boolean;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  adminToken: string;
  rateLimits: { browse: RateLimit; lease: RateLimit; checkout: RateLimit };
  /** AES-256-GCM key (32 bytes) for the banking numbers of signed lease offers. */
  bankingKey: Buffer;
  /** Production serves the built-in test checkout only when this is set (ALLOW_TEST_CHECKOUT=true). */
  allowTestCheckout?: boolean;
}

export interface AppDeps {
  db: Db;
  /** The current instant; fixed in tests and by APP_NOW outside production. */
  clock: () => Date;
  config: AppConfig;
  /** Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout. */
  payments: PaymentProvider;
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
  app.route('/public-api/waitlist', waitlistRoutes(deps));
  app.route('/public-api/lease-offers', leaseRoutes(deps, clientKey));
  app.use('/public-api/stripe/create-checkout-session', rateLimit('checkout', config.rateLimits.checkout, clientKey));
  app.route('/public-api', checkoutRoutes(deps));
  app.route('/public-api/test-checkout', testCheckoutRoutes(deps));

  app.use('/admin-api/*', adminAuth(config.adminToken));
  app.route('/admin-api/waitlist', adminWaitlistRoutes(deps));
  app.route('/admin-api/lease-offers', adminLeaseOfferRoutes(deps));
  app.route('/admin-api/orders', adminOrderRoutes(deps));

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
