import { Hono, type Context } from 'hono';
import { idempotencyKeyPattern } from '../http/idempotency-key.ts';
import { waitlistEntryPayload, waitlistProblemHeader, waitlistProblemOf } from '../../shared/contract/waitlist.ts';
import type { WaitlistProblem } from '../../shared/domain/waitlist-rules.ts';
import type { AppDeps } from '../deps.ts';
import { problem as problemOf } from '../../shared/contract/problems.ts';
import { problemAnswer } from '../http/errors.ts';
import { jsonBody } from '../http/json-body.ts';
import { joinWaitlist } from '../waitlist/entries.ts';

/**
 * A refused entry: the body's `error` is the problem's English text (SPEC call 4 reads it), the
 * header its code, for a client to say it in its visitor's language.
 */
function problem(c: Context, key: WaitlistProblem) {
  c.header(waitlistProblemHeader, key);
  return problemAnswer(c, problemOf('waitlist_entry_refused', { problem: key }));
}

/** SPEC call 4: POST /public-api/waitlist. */
export function waitlistRoutes(deps: AppDeps) {
  return new Hono<{ Variables: { idempotencyKey: string | null } }>().post(
    '/',
    async (c, next) => {
      const key = c.req.header('idempotency-key') ?? null;
      if (key !== null && !idempotencyKeyPattern.test(key)) {
        return problemAnswer(c, problemOf('idempotency_key_invalid'));
      }
      c.set('idempotencyKey', key);
      await next();
    },
    // A start date in the past is refused by the form, not here: an entry queued offline may
    // arrive days after the visitor filled it in, and it must not be lost for that.
    jsonBody(waitlistEntryPayload, (_fields, c, issues) => problem(c, waitlistProblemOf({ issues }))),
    async (c) => {
      const result = await joinWaitlist({ db: deps.db, keyring: deps.config.bankingKeys, now: deps.clock() }, c.var.body, c.var.idempotencyKey);
      if (result.kind === 'problem') return problem(c, result.problem);
      if (result.kind === 'conflict') return problemAnswer(c, problemOf('idempotency_key_conflict'));
      if (result.kind === 'replay') c.header('Idempotent-Replayed', 'true');
      else deps.mailer?.wake();
      return c.json({ success: true as const, id: result.id }, 201);
    },
  );
}
