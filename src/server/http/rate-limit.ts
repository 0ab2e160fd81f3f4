import type { Context, MiddlewareHandler } from 'hono';
import { CompiledQuery } from 'kysely';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/database.ts';
import type { RateLimit } from '../deps.ts';
import { problem, type Problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';


export type LimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A fixed-window count per key (rate-limiter-flexible). `hit` counts one event and says whether
 * the key is still within its limit; `giveBack` uncounts one that turned out not to count.
 */
export interface Limiter {
  hit(key: string): Promise<LimitVerdict>;
  giveBack(key: string): Promise<void>;
}

const refused = (res: RateLimiterRes): LimitVerdict => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });

function limiterOf(engine: RateLimiterAbstract): Limiter {
  return {
    async hit(key) {
      try {
        await engine.consume(key);
        return { ok: true };
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return refused(outcome);
        throw outcome;
      }
    },
    async giveBack(key) {
      await engine.reward(key);
    },
  };
}

/** Counts kept in this process: one instance's view, cheap enough for every request. */
export function memoryLimiter(name: string, limit: RateLimit): Limiter {
  return limiterOf(new RateLimiterMemory({ keyPrefix: name, points: limit.max, duration: limit.windowMs / 1000 }));
}

/**
 * Counts kept in PostgreSQL (the rate_limits table), so every instance on the database shares
 * them. Should the database not answer, the instance falls back to counting on its own.
 */
export function sharedLimiter(db: Db, name: string, limit: RateLimit): Limiter {
  // rate-limiter-flexible speaks to a pg-style client: one query object in, rows out.
  const client = {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows, rowCount: result.rows.length || Number(result.numAffectedRows ?? 0) };
    },
  };
  const engine = new RateLimiterPostgres({
    storeClient: client,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points: limit.max,
    duration: limit.windowMs / 1000,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: limit.max, duration: limit.windowMs / 1000 }),
  });
  return limiterOf(engine);
}

/** The limits one kind of lookup or attempt has, each with its own words. */
export type LimitProblemCode =
  | 'too_many_booking_lookups'
  | 'too_many_waitlist_link_lookups'
  | 'too_many_lease_lookups'
  | 'too_many_offer_requests'
  | 'too_many_sign_ins'
  | 'too_many_attempts';

/** 429 with Retry-After in whole seconds; `refusal` is a limit's own code, or the problem itself. */
export function tooManyRequests(c: Context, verdict: { retryAfterSeconds: number }, refusal: LimitProblemCode | Problem) {
  c.header('Retry-After', String(verdict.retryAfterSeconds));
  return problemAnswer(c, typeof refusal === 'string' ? problem(refusal, { seconds: verdict.retryAfterSeconds }) : refusal);
}

/** Every request of a client counts; over the limit, 429 with Retry-After in whole seconds. */
export function rateLimit(name: string, limiter: Limiter, key: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const verdict = await limiter.hit(key(c));
    if (!verdict.ok) return tooManyRequests(c, verdict, problem('too_many_requests', { limit: name, seconds: verdict.retryAfterSeconds }));
    await next();
  };
}
