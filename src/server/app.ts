import { Hono, type Context } from 'hono';
import { clientAddress, limitKey } from './http/client-address.ts';
import type { AppContext, AppDeps } from './deps.ts';
import { BankingUnreadableError } from './secrets/banking-keys.ts';
import { logError, maskPath } from './log.ts';
import { requestBodyLimit } from './http/body-limit.ts';
import { compression } from './http/compression.ts';
import { closeWhileDraining } from './http/draining.ts';
import { problem } from '../shared/contract/problems.ts';
import { problemAnswer } from './http/errors.ts';
import { memoryLimiter, rateLimit, sharedLimiter } from './http/rate-limit.ts';
import type { RateLimit } from './deps.ts';
import { requestPathCheck } from './http/request-path.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staffAuth } from './http/staff-auth.ts';
import { staffCalendarRoutes } from './routes/staff-calendar.ts';
import { staffLeaseOfferRoutes } from './routes/staff-lease-offers.ts';
import { staffOrderRoutes } from './routes/staff-orders.ts';
import { staffRentalRoutes } from './routes/staff-rentals.ts';
import { staffMailRoutes } from './routes/staff-mail.ts';
import { staffSessionRoutes } from './routes/staff-session.ts';
import { staffAccountRoutes } from './routes/staff-accounts.ts';
import { staffBackupRoutes } from './routes/staff-backup.ts';
import { staffBooksRoutes } from './routes/staff-books.ts';
import { staffPadFileRoutes } from './routes/staff-pad-files.ts';
import { staffUnitRoutes } from './routes/staff-units.ts';
import { staffWaitlistRoutes } from './routes/staff-waitlist.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { healthRoutes } from './routes/health.ts';
import { createMetrics } from './http/metrics.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { leaseRoutes } from './routes/lease.ts';
import { officesRoutes } from './routes/offices.ts';
import { orderRoutes } from './routes/orders.ts';
import { testCheckoutRoutes } from './routes/test-checkout-page.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { waitlistLinkRoutes } from './routes/waitlist-links.ts';
import { createUnitListCache, type UnitListCache } from './http/unit-list-cache.ts';

/** lock_timeout, statement_timeout, deadlock_detected. */
const busyDatabaseCodes = new Set(['55P03', '57014', '40P01']);

/** The server. Its services are built here from the deps; a test that calls one directly passes its own to share it. */
export function createApp(deps: AppDeps, services: { unitList: UnitListCache } = { unitList: createUnitListCache(deps.db) }) {
  const { config } = deps;
  const ctx: AppContext = { ...deps, ...services };
  const client = (c: Context) => limitKey(clientAddress(c, config.trustedProxies));
  // What guards secrets and money is counted in PostgreSQL when there is one, so every instance
  // shares it; browsing only guards load and stays in each instance's memory.
  const secretLimiter = (name: string, limit: RateLimit) => (config.sharedRateLimits ? sharedLimiter(deps.db, name, limit) : memoryLimiter(name, limit));

  const app = new Hono();
  // GET /metrics only with METRICS_TOKEN set; its registry is this app's own.
  const metrics = config.metricsToken ? createMetrics(deps) : null;
  // First, so that every answer is counted: a 429, a 401, an error's.
  if (metrics) app.use(metrics.countRequests);
  const readiness = deps.readiness ?? { draining: () => false, workers: () => ({}) };
  app.use(closeWhileDraining(() => readiness.draining()));
  app.use(securityHeaders(deps.staticSite?.inlineStyleHashes ?? [], { hsts: config.production }));
  app.use(requestPathCheck());
  // Outside every other API middleware, so their answers (a 429, a 401) and onError's are compressed too.
  app.use('/public-api/*', compression());
  app.use('/admin-api/*', compression());
  // Counted before any body is read: a client over its limit costs no memory.
  app.use('/public-api/*', rateLimit('browse', memoryLimiter('browse', config.rateLimits.browse), client));
  app.use('/public-api/stripe/create-checkout-session', rateLimit('checkout', secretLimiter('checkout', config.rateLimits.checkout), client));
  app.use('/admin-api/*', staffAuth(deps));
  app.use(requestBodyLimit());

  app.route('/', healthRoutes(deps.db, readiness));
  if (metrics && config.metricsToken) app.route('/', metricsRoutes(metrics, config.metricsToken));
  app.route('/public-api/offices', officesRoutes(services.unitList));
  // One budget of guesses per client for every secret link: lease codes, manage links and waitlist links alike.
  const secretGuesses = secretLimiter('lease-guess', config.rateLimits.leaseGuess);
  app.route('/public-api/waitlist', waitlistRoutes(ctx));
  app.route('/public-api/waitlist', waitlistLinkRoutes(ctx, secretGuesses));
  app.route('/public-api/lease-offers', leaseRoutes(ctx, { guess: secretGuesses, offer: memoryLimiter('lease-offer', config.rateLimits.offer) }));
  app.route('/public-api/bookings', bookingRoutes(ctx, secretGuesses));
  app.route('/public-api/stripe', checkoutRoutes(ctx, secretGuesses));
  app.route('/public-api/calendar', calendarRoutes(ctx));
  app.route('/public-api/orders', orderRoutes(ctx));
  app.route('/public-api', testCheckoutRoutes(ctx));

  app.route(
    '/admin-api/session',
    staffSessionRoutes(ctx, { account: secretLimiter('sign-in-account', config.rateLimits.signInAccount), address: secretLimiter('sign-in-address', config.rateLimits.signInAddress) }, client),
  );
  app.route('/admin-api/staff', staffAccountRoutes(ctx));
  app.route('/admin-api/waitlist', staffWaitlistRoutes(ctx));
  app.route('/admin-api/mail', staffMailRoutes(ctx));
  app.route('/admin-api/lease-offers', staffLeaseOfferRoutes(ctx));
  app.route('/admin-api/orders', staffOrderRoutes(ctx));
  app.route('/admin-api/rentals', staffRentalRoutes(ctx));
  app.route('/admin-api/pad-files', staffPadFileRoutes(ctx));
  app.route('/admin-api/units', staffUnitRoutes(ctx));
  app.route('/admin-api/calendar', staffCalendarRoutes(ctx));
  app.route('/admin-api/backup', staffBackupRoutes(ctx));
  app.route('/admin-api/books', staffBooksRoutes(ctx));

  const noSuchEndpoint = (c: Context) => problemAnswer(c, problem('no_such_endpoint', { method: c.req.method, path: maskPath(c.req.path) }));
  app.all('/public-api/*', noSuchEndpoint);
  app.all('/admin-api/*', noSuchEndpoint);

  app.get('*', (c) => deps.staticSite?.respond(c) ?? problemAnswer(c, problem('not_found')));
  app.notFound((c) => problemAnswer(c, problem('not_found')));
  app.onError((err, c) => {
    logError('request.failed', err, { method: c.req.method, path: maskPath(c.req.path) });
    // A lock or a statement that timed out, or a deadlock PostgreSQL broke: the request itself was fine.
    if (busyDatabaseCodes.has(String((err as { code?: unknown }).code))) {
      c.header('Retry-After', '5');
      return problemAnswer(c, problem('busy'));
    }
    // One agreement's banking numbers that no configured key opens: that offer alone cannot be shown.
    if (err instanceof BankingUnreadableError) {
      return problemAnswer(c, problem('banking_unreadable'));
    }
    return problemAnswer(c, problem('server_error'));
  });
  return app;
}
