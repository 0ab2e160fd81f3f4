import * as z from 'zod/mini';
import { apiError } from '../contract/common.ts';
import { waitlistEntryCreated, waitlistProblemHeader } from '../contract/waitlist.ts';
import { defaultUsers, type OfficeId, type WaitlistForm } from './waitlist-rules.ts';

/**
 * The waitlist outbox (docs/architecture.md §3.1): entries are stored on the device, each with its own
 * Idempotency-Key, before the first send, and sent until the server has them. The page and the
 * service worker both flush it, so the decisions they make live here (and the names they share
 * in src/shared/storage-names.ts).
 */

/** A stored entry. Read back through this schema: what a device holds outlives app versions. */
export const queuedWaitlistEntry = z.object({
  key: z.string().check(z.minLength(1)),
  /** Where it goes, decided by the page (which knows VITE_API_BASE_URL) for the service worker too. */
  url: z.string().check(z.minLength(1)),
  /** The payload as sent; the server judges it, so an entry kept across an app update still goes. */
  entry: z.record(z.string(), z.unknown()),
  /** What the visitor recognises it by: their name and the offices. */
  label: z.string(),
  createdAt: z.number(),
  attempts: z.number(),
  nextAttemptAt: z.number(),
  state: z.enum(['pending', 'failed']),
  error: z.optional(z.string()),
  /**
   * The code of the problem the server named with its refusal (a WaitlistProblem), by which the
   * PWA says it in the visitor's language. Absent when the server named none, and on entries
   * stored by versions before it. Any string: a code this version does not know still reads.
   */
  problem: z.optional(z.string()),
  /**
   * The HTTP status of the last answer, absent when the last try got none (no connection). Optional:
   * entries stored by versions before it still read.
   */
  lastStatus: z.optional(z.number()),
});
export type QueuedWaitlistEntry = z.infer<typeof queuedWaitlistEntry>;

export function newQueuedEntry(key: string, url: string, entry: Record<string, unknown>, label: string, now: number): QueuedWaitlistEntry {
  return { key, url, entry, label, createdAt: now, attempts: 0, nextAttemptAt: now, state: 'pending' };
}

/**
 * What one send gave: an HTTP answer (with the problem code the server named, if any), or no
 * answer at all.
 */
export type SendResult = { status: number; body: unknown; retryAfterSeconds?: number; problem?: string } | { networkError: true };

export type SendVerdict = 'sent' | 'retry' | 'rejected';

/**
 * 2xx: the server has it. No answer, 5xx, 408 and 429: try again later; the key makes a second
 * copy impossible. Any other 4xx: the server refused this entry, and sending it again will not
 * change its mind.
 */
export function judgeSend(result: SendResult): SendVerdict {
  if ('networkError' in result) return 'retry';
  const { status } = result;
  if (status >= 200 && status < 300) return 'sent';
  if (status >= 500 || status === 408 || status === 429 || status === 0) return 'retry';
  if (status >= 400) return 'rejected';
  return 'retry';
}

export const backoff = { firstDelayMs: 2_000, factor: 2, maxDelayMs: 5 * 60_000, jitter: 0.2 } as const;

/**
 * Delay before attempt number `failedAttempts + 1`: 2 s, 4 s, 8 s … up to 5 minutes, spread by
 * ±20 % so that many devices coming back online at once do not all knock together.
 */
export function retryDelayMs(failedAttempts: number, random: () => number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const raw = Math.min(backoff.maxDelayMs, backoff.firstDelayMs * backoff.factor ** exponent);
  const spread = 1 - backoff.jitter + 2 * backoff.jitter * random();
  return Math.min(backoff.maxDelayMs, Math.round(raw * spread));
}

export const fallbackRejection = 'Failed to submit waitlist entry';

/** The `error` text of an answer, whether or not it also says `success: false`. */
const errorText = z.pick(apiError, { error: true });

/** Why the server refused an entry: its `error` text, and the code it named, when it did. */
export interface Refusal {
  /** The server's text, or SPEC.md §8's fallback when it gave none. */
  error: string;
  problem?: string;
}

export function refusalOf(result: SendResult): Refusal {
  if ('networkError' in result) return { error: fallbackRejection };
  const text = errorText.safeParse(result.body);
  return {
    error: text.success && text.data.error.trim() ? text.data.error : fallbackRejection,
    ...(result.problem ? { problem: result.problem } : {}),
  };
}

/** The text of the server's answer to a refused send, when it gave one. */
export function serverErrorText(result: SendResult): string | undefined {
  if ('networkError' in result) return undefined;
  const text = errorText.safeParse(result.body);
  return text.success ? text.data.error : undefined;
}

export type AttemptOutcome =
  | { action: 'remove'; id: unknown }
  | { action: 'keep'; entry: QueuedWaitlistEntry; verdict: 'retry' | 'rejected' };

/** The entry after one send: gone when sent, later when it may go through, failed when refused. */
export function afterAttempt(entry: QueuedWaitlistEntry, result: SendResult, now: number, random: () => number): AttemptOutcome {
  const verdict = judgeSend(result);
  if (verdict === 'sent') {
    const created = waitlistEntryCreated.safeParse('body' in result ? result.body : undefined);
    return { action: 'remove', id: created.success ? created.data.id : undefined };
  }
  const { lastStatus: _previousStatus, problem: _previousProblem, ...rest } = entry;
  // Status 0 is a response the page may not read: as good as no answer.
  const answered = 'status' in result && result.status > 0 ? { lastStatus: result.status } : {};
  const attempts = entry.attempts + 1;
  if (verdict === 'rejected') {
    return { action: 'keep', verdict, entry: { ...rest, ...answered, attempts, state: 'failed', ...refusalOf(result) } };
  }
  const askedMs = 'retryAfterSeconds' in result && result.retryAfterSeconds ? result.retryAfterSeconds * 1000 : 0;
  return {
    action: 'keep',
    verdict,
    entry: { ...rest, ...answered, attempts, nextAttemptAt: now + Math.max(retryDelayMs(attempts, random), askedMs) },
  };
}

function storedText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function storedNumberText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return storedText(value);
}

/**
 * The enquiry form filled in with a queued entry's fields, so the visitor corrects it rather than
 * retypes it. The payload was stored by this or an older version: a field that does not read is
 * left empty, for the form's own checks to ask for it again.
 */
export function formOfQueuedEntry(queued: QueuedWaitlistEntry): WaitlistForm {
  const e = queued.entry;
  const ids = Array.isArray(e.service_offering_ids) ? e.service_offering_ids : [];
  return {
    customer_name: storedText(e.customer_name),
    email: storedText(e.email),
    phone: storedText(e.phone),
    number_of_users: e.number_of_users === undefined || e.number_of_users === null ? String(defaultUsers) : storedNumberText(e.number_of_users),
    budget_min: storedNumberText(e.budget_min),
    budget_max: storedNumberText(e.budget_max),
    desired_start_date: storedText(e.desired_start_date),
    service_offering_ids: ids.filter((id): id is OfficeId => typeof id === 'number' || typeof id === 'string'),
  };
}

/** Waiting entries to send now. `force` (back online, app start) skips the backoff wait. */
export function dueEntries(entries: readonly QueuedWaitlistEntry[], now: number, force: boolean): QueuedWaitlistEntry[] {
  return entries
    .filter((e) => e.state === 'pending' && (force || e.nextAttemptAt <= now))
    .sort((a, b) => a.createdAt - b.createdAt || a.key.localeCompare(b.key));
}

/** When the next send should be tried, if any entry is waiting. */
export function nextWake(entries: readonly QueuedWaitlistEntry[]): number | undefined {
  const times = entries.filter((e) => e.state === 'pending').map((e) => e.nextAttemptAt);
  return times.length ? Math.min(...times) : undefined;
}

export interface OutboxIo {
  list(): Promise<QueuedWaitlistEntry[]>;
  save(entry: QueuedWaitlistEntry): Promise<void>;
  remove(key: string): Promise<void>;
  send(entry: QueuedWaitlistEntry): Promise<SendResult>;
  now(): number;
  random(): number;
}

export interface FlushReport {
  sent: { key: string; id: unknown }[];
  rejected: QueuedWaitlistEntry[];
  /** Entries still waiting to be sent. */
  waiting: number;
}

/**
 * Sends the due entries oldest first. The first send that gets no answer ends the round: the
 * others would fail the same way, and their backoff should not grow for it.
 */
export async function flushQueue(io: OutboxIo, options: { force: boolean }): Promise<FlushReport> {
  const report: FlushReport = { sent: [], rejected: [], waiting: 0 };
  for (const entry of dueEntries(await io.list(), io.now(), options.force)) {
    let result: SendResult;
    try {
      result = await io.send(entry);
    } catch {
      result = { networkError: true };
    }
    const outcome = afterAttempt(entry, result, io.now(), io.random);
    if (outcome.action === 'remove') {
      await io.remove(entry.key);
      report.sent.push({ key: entry.key, id: outcome.id });
      continue;
    }
    await io.save(outcome.entry);
    if (outcome.verdict === 'rejected') report.rejected.push(outcome.entry);
    else if ('networkError' in result) break;
  }
  report.waiting = (await io.list()).filter((e) => e.state === 'pending').length;
  return report;
}

/** How long one send may take before it counts as unanswered: a visitor on weak Wi-Fi walks on. */
export const sendTimeoutMs = 15_000;

/** POSTs one queued entry with its Idempotency-Key (SPEC call 4, docs/architecture.md §5). */
export async function postQueuedEntry(entry: QueuedWaitlistEntry, fetchFn: typeof fetch = fetch): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetchFn(entry.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': entry.key },
      body: JSON.stringify(entry.entry),
      signal: AbortSignal.timeout(sendTimeoutMs),
    });
  } catch {
    return { networkError: true };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A proxy's HTML error page: the status alone decides.
  }
  const retryAfter = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
  const problem = res.headers.get(waitlistProblemHeader);
  return {
    status: res.status,
    body,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    ...(problem ? { problem } : {}),
  };
}
