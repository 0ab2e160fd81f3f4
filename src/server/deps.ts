import type { RoundStats, WorkerHealth } from './repeat.ts';
import type { Db } from './db/database.ts';
import type { BankingKeyring } from './secrets/banking-keys.ts';
import type { Context } from 'hono';
import type { PaymentProvider } from './payments/provider.ts';

export interface RateLimit {
  /** Requests one client may make in a window. */
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Every public API request of a client: guards load, counted per instance. */
  browse: RateLimit;
  /** Lease lookups of unknown codes per client: guessing. */
  leaseGuess: RateLimit;
  /** Calls on one valid offer code: a flood guard that a tenant's own use never reaches. */
  offer: RateLimit;
  /** Checkout creations per client: money moves. */
  checkout: RateLimit;
  /** Staff sign-in attempts per account (its e-mail) at one client address, and per client address: password guessing that locks out no one elsewhere. */
  signInAccount: RateLimit;
  signInAddress: RateLimit;
}

/**
 * Who collects the PAD debits, as the bank knows them (the CPA-005 file's originator): the
 * bank's id for the space, its short and long names, the bank's data centre that receives the
 * file, and the account returned debits go back to.
 */
export interface PadOriginator {
  id: string;
  shortName: string;
  longName: string;
  dataCentre: string;
  returnAccount: { institution: string; transit: string; account: string };
}

export interface AppConfig {
  production: boolean;
  /** How many proxies stand in front of the server (TRUST_PROXY); 0 reads the socket's address. */
  trustedProxies: number;
  /** The site's origins (PUBLIC_ORIGIN); empty: the origin each request came to. */
  publicOrigins: readonly string[];
  adminToken: string;
  /** The bearer token of GET /metrics (METRICS_TOKEN); without one, there is no /metrics. */
  metricsToken?: string;
  rateLimits: RateLimits;
  /** Checkouts a client may have waiting for payment while they hold days or a unit. */
  maxUnpaidHoldsPerClient: number;
  /** Counts of the guessing and checkout limits live in PostgreSQL, shared by every instance. */
  sharedRateLimits?: boolean;
  /** AES-256-GCM keys for the banking numbers of signed lease offers. */
  bankingKeys: BankingKeyring;
  /** Production serves the built-in test checkout only when this is set (ALLOW_TEST_CHECKOUT=true). */
  allowTestCheckout?: boolean;
  /** scrypt's N for new staff passwords (default 2^17; tests use less to run fast). */
  staffPasswordCost?: number;
  /** The PAD_* settings; null when production was given none (no PAD file can be made). */
  padOriginator?: PadOriginator | null;
}

/** What /readyz asks of the instance beyond its database. */
export interface Readiness {
  /** The instance is stopping (SIGTERM): it takes no new traffic. */
  draining(): boolean;
  /** Its background workers: the mail worker and the rounds. */
  workers(): Record<string, WorkerHealth>;
}

export interface AppDeps {
  db: Db;
  /** The current instant; fixed in tests and by APP_NOW outside production. */
  clock: () => Date;
  config: AppConfig;
  /** Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout. */
  payments: PaymentProvider;
  /** The built PWA (http/static-files.ts), when there is one. */
  staticSite?: { readonly inlineStyleHashes: readonly string[]; respond(c: Context): Response | undefined };
  /** The mail worker (outbox/worker.ts): told when an event has just committed a message, so it is sent soon. */
  mailer?: { wake(): void };
  /** Whether this instance is stopping, and how its workers are (GET /readyz); without it, no workers and never stopping. */
  readiness?: Readiness;
  /** What each background round has done in this process (GET /metrics), by its name; without it, none. */
  rounds?: () => Record<string, RoundStats>;
}

/** What createApp builds once from the deps and hands to the routes and services beside them. */
export interface AppContext extends AppDeps {
  /** This instance's copy of the public list (http/unit-list-cache.ts): dropped once a change of units has committed. */
  unitList: { invalidate(): void };
}

const minute = 60_000;
export const defaultRateLimits: RateLimits = {
  browse: { max: 600, windowMs: minute },
  leaseGuess: { max: 30, windowMs: minute },
  offer: { max: 600, windowMs: minute },
  checkout: { max: 20, windowMs: minute },
  signInAccount: { max: 10, windowMs: 15 * minute },
  signInAddress: { max: 50, windowMs: 15 * minute },
};

export const defaultMaxUnpaidHolds = 3;
