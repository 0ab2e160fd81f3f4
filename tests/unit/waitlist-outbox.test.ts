import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  backoff,
  dueEntries,
  flushQueue,
  formOfQueuedEntry,
  judgeSend,
  newQueuedEntry,
  nextWake,
  postQueuedEntry,
  queuedWaitlistEntry,
  refusalOf,
  retryDelayMs,
  type OutboxIo,
  type QueuedWaitlistEntry,
  type SendResult,
} from '../../src/shared/domain/waitlist-outbox.ts';

const t0 = 1_700_000_000_000;
const middle = () => 0.5;

function entry(key: string, change: Partial<QueuedWaitlistEntry> = {}): QueuedWaitlistEntry {
  return { ...newQueuedEntry(key, '/public-api/waitlist', { customer_name: key }, key, t0), ...change };
}

describe('judgeSend', () => {
  it.each<[SendResult, string]>([
    [{ status: 201, body: {} }, 'sent'],
    [{ status: 200, body: {} }, 'sent'],
    [{ status: 299, body: {} }, 'sent'],
    [{ networkError: true }, 'retry'],
    [{ status: 500, body: {} }, 'retry'],
    [{ status: 502, body: '' }, 'retry'],
    [{ status: 503, body: {} }, 'retry'],
    [{ status: 408, body: {} }, 'retry'],
    [{ status: 429, body: {} }, 'retry'],
    [{ status: 0, body: null }, 'retry'],
    [{ status: 400, body: {} }, 'rejected'],
    [{ status: 404, body: {} }, 'rejected'],
    [{ status: 413, body: {} }, 'rejected'],
    [{ status: 422, body: {} }, 'rejected'],
    [{ status: 499, body: {} }, 'rejected'],
  ])('%j → %s', (result, verdict) => {
    expect(judgeSend(result)).toBe(verdict);
  });
});

describe('retryDelayMs: exponential, spread, capped', () => {
  it.each([
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [8, 256_000],
    [9, 300_000],
    [30, 300_000],
  ])('after %i failed attempts waits %i ms (no spread)', (attempts, ms) => {
    expect(retryDelayMs(attempts, middle)).toBe(ms);
  });

  it('spreads by ±20 % and never passes the cap', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1_600);
    expect(retryDelayMs(1, () => 1)).toBe(2_400);
    expect(retryDelayMs(20, () => 1)).toBe(backoff.maxDelayMs);
  });
});

describe('afterAttempt', () => {
  it('removes a sent entry and gives the id the server answered', () => {
    expect(afterAttempt(entry('a'), { status: 201, body: { success: true, id: 42 } }, t0, middle)).toEqual({ action: 'remove', id: 42 });
  });

  it('keeps an unanswered entry pending, one attempt more, the backoff later', () => {
    const outcome = afterAttempt(entry('a', { attempts: 2 }), { networkError: true }, t0 + 10, middle);
    expect(outcome).toEqual({ action: 'keep', verdict: 'retry', entry: { ...entry('a'), attempts: 3, nextAttemptAt: t0 + 10 + 8_000 } });
  });

  it('waits at least as long as Retry-After asks', () => {
    const outcome = afterAttempt(entry('a'), { status: 429, body: {}, retryAfterSeconds: 30 }, t0, middle);
    expect(outcome.action === 'keep' && outcome.entry.nextAttemptAt).toBe(t0 + 30_000);
    const short = afterAttempt(entry('a'), { status: 503, body: {}, retryAfterSeconds: 1 }, t0, middle);
    expect(short.action === 'keep' && short.entry.nextAttemptAt).toBe(t0 + 2_000);
  });

  it('marks a refused entry failed with the server text, else the SPEC.md fallback', () => {
    const refused = afterAttempt(entry('a'), { status: 400, body: { success: false, error: 'Please select at least one office' } }, t0, middle);
    expect(refused).toMatchObject({ action: 'keep', verdict: 'rejected', entry: { state: 'failed', error: 'Please select at least one office', attempts: 1 } });
    const bare = afterAttempt(entry('a'), { status: 404, body: '<html>' }, t0, middle);
    expect(bare).toMatchObject({ entry: { state: 'failed', error: 'Failed to submit waitlist entry' } });
  });
});

describe('afterAttempt: the last answer is kept for the visitor to see', () => {
  it.each([500, 502, 503, 504, 408, 429])('records HTTP %i on an entry kept to retry', (status) => {
    const outcome = afterAttempt(entry('a'), { status, body: {} }, t0, middle);
    expect(outcome).toMatchObject({ action: 'keep', verdict: 'retry', entry: { state: 'pending', attempts: 1, lastStatus: status } });
  });

  it('records no status when the try got no answer, and clears the one an earlier try left', () => {
    const fresh = afterAttempt(entry('a'), { networkError: true }, t0, middle);
    expect(fresh.action === 'keep' && 'lastStatus' in fresh.entry).toBe(false);
    const after5xx = afterAttempt(entry('a', { attempts: 1, lastStatus: 503 }), { networkError: true }, t0, middle);
    expect(after5xx).toMatchObject({ action: 'keep', entry: { attempts: 2 } });
    expect(after5xx.action === 'keep' && 'lastStatus' in after5xx.entry).toBe(false);
  });

  it('treats status 0 (an answer the page may not read) as no answer', () => {
    const outcome = afterAttempt(entry('a', { lastStatus: 500 }), { status: 0, body: null }, t0, middle);
    expect(outcome.action === 'keep' && outcome.entry.lastStatus).toBeUndefined();
  });

  it('the newest answer wins', () => {
    const outcome = afterAttempt(entry('a', { attempts: 1, lastStatus: 502 }), { status: 503, body: {} }, t0, middle);
    expect(outcome).toMatchObject({ entry: { attempts: 2, lastStatus: 503 } });
  });

  it('records the status of a refusal too', () => {
    const outcome = afterAttempt(entry('a'), { status: 422, body: { error: 'Please fill in all required fields' } }, t0, middle);
    expect(outcome).toMatchObject({ verdict: 'rejected', entry: { state: 'failed', lastStatus: 422 } });
  });

  it('a 5xx then a lost connection, through flushQueue: the stored entry follows', async () => {
    const o = memoryOutbox([entry('a')], [{ status: 503, body: {} }, new TypeError('Failed to fetch')]);
    await flushQueue(o.io, { force: true });
    expect(o.store.get('a')).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503 });
    await flushQueue(o.io, { force: true });
    expect(o.store.get('a')).toMatchObject({ state: 'pending', attempts: 2 });
    expect(o.store.get('a')?.lastStatus).toBeUndefined();
    expect(queuedWaitlistEntry.safeParse(o.store.get('a')).success).toBe(true);
  });
});

describe('dueEntries and nextWake', () => {
  const list = [
    entry('late', { createdAt: t0 + 2, nextAttemptAt: t0 + 5_000 }),
    entry('failed', { createdAt: t0, state: 'failed' }),
    entry('early', { createdAt: t0 + 1, nextAttemptAt: t0 }),
  ];

  it('takes pending entries whose time has come, oldest first; force takes every pending one', () => {
    expect(dueEntries(list, t0, false).map((e) => e.key)).toEqual(['early']);
    expect(dueEntries(list, t0 + 5_000, false).map((e) => e.key)).toEqual(['early', 'late']);
    expect(dueEntries(list, t0, true).map((e) => e.key)).toEqual(['early', 'late']);
  });

  it('wakes at the earliest pending attempt, or never', () => {
    expect(nextWake(list)).toBe(t0);
    expect(nextWake([entry('f', { state: 'failed' })])).toBeUndefined();
  });
});

describe('queuedWaitlistEntry (what the device reads back)', () => {
  it('accepts what newQueuedEntry writes and refuses a damaged record', () => {
    expect(queuedWaitlistEntry.safeParse(entry('a')).success).toBe(true);
    expect(queuedWaitlistEntry.safeParse({ ...entry('a'), key: '' }).success).toBe(false);
    expect(queuedWaitlistEntry.safeParse({ ...entry('a'), state: 'sent' }).success).toBe(false);
    expect(queuedWaitlistEntry.safeParse('a').success).toBe(false);
  });

  it('reads an entry stored by a version before lastStatus, exactly as it was stored', () => {
    // Written out as such a version stored it: no lastStatus key at all.
    const stored = {
      key: '6f1d1c2e-8a4b-4c1e-9d1a-2b3c4d5e6f70',
      url: '/public-api/waitlist',
      entry: { customer_name: 'Jeanne Roy', email: 'jeanne@example.ca', number_of_users: 2, service_offering_ids: ['OFF-203'] },
      label: 'Jeanne Roy: Office 203',
      createdAt: t0,
      attempts: 3,
      nextAttemptAt: t0 + 8_000,
      state: 'pending',
    };
    const parsed = queuedWaitlistEntry.safeParse(stored);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(stored);
    expect(parsed.data?.lastStatus).toBeUndefined();
    const refused = queuedWaitlistEntry.safeParse({ ...stored, state: 'failed', error: 'Please select at least one office' });
    expect(refused.success).toBe(true);
  });

  it('reads lastStatus back, and refuses one that is not a number', () => {
    expect(queuedWaitlistEntry.safeParse({ ...entry('a'), lastStatus: 503 }).data?.lastStatus).toBe(503);
    expect(queuedWaitlistEntry.safeParse({ ...entry('a'), lastStatus: '503' }).success).toBe(false);
  });
});

describe('formOfQueuedEntry: the form filled in again from a queued entry', () => {
  it('gives back every field as the form holds it', () => {
    const queued = entry('a', {
      entry: {
        customer_name: 'Jeanne Roy',
        email: 'jeanne@example.ca',
        phone: '514-555-0199',
        number_of_users: 4,
        budget_min: 1200,
        budget_max: 1850.5,
        desired_start_date: '2031-09-01',
        service_offering_ids: [7, 'OFF-203'],
      },
    });
    expect(formOfQueuedEntry(queued)).toEqual({
      customer_name: 'Jeanne Roy',
      email: 'jeanne@example.ca',
      phone: '514-555-0199',
      number_of_users: '4',
      budget_min: '1200',
      budget_max: '1850.5',
      desired_start_date: '2031-09-01',
      service_offering_ids: [7, 'OFF-203'],
    });
  });

  it('leaves the omitted fields empty and the number of users at its default', () => {
    expect(formOfQueuedEntry(entry('a', { entry: { customer_name: 'Luc', email: 'luc@example.ca', service_offering_ids: [3] } }))).toEqual({
      customer_name: 'Luc',
      email: 'luc@example.ca',
      phone: '',
      number_of_users: '1',
      budget_min: '',
      budget_max: '',
      desired_start_date: '',
      service_offering_ids: [3],
    });
  });

  it('leaves empty what does not read, for the form to ask again', () => {
    const form = formOfQueuedEntry(entry('a', { entry: { customer_name: 42, email: null, number_of_users: 'many', budget_min: Number.NaN, service_offering_ids: [1, { id: 2 }, null, 'OFF-9'] } }));
    expect(form).toMatchObject({ customer_name: '', email: '', number_of_users: 'many', budget_min: '', service_offering_ids: [1, 'OFF-9'] });
    expect(formOfQueuedEntry(entry('a', { entry: { service_offering_ids: 'OFF-1' } })).service_offering_ids).toEqual([]);
  });
});

/** An outbox in memory whose sends answer from a script. */
function memoryOutbox(entries: QueuedWaitlistEntry[], answers: (SendResult | Error)[]) {
  const store = new Map(entries.map((e) => [e.key, e]));
  const sentKeys: string[] = [];
  let now = t0;
  const io: OutboxIo = {
    list: async () => [...store.values()],
    save: async (e) => void store.set(e.key, e),
    remove: async (key) => void store.delete(key),
    send: async (e) => {
      sentKeys.push(e.key);
      const answer = answers.shift() ?? { networkError: true };
      if (answer instanceof Error) throw answer;
      return answer;
    },
    now: () => now,
    random: middle,
  };
  return { io, store, sentKeys, advance: (ms: number) => (now += ms) };
}

describe('flushQueue', () => {
  it('sends every due entry oldest first and empties the outbox', async () => {
    const o = memoryOutbox([entry('b', { createdAt: t0 + 1 }), entry('a')], [
      { status: 201, body: { success: true, id: 1 } },
      { status: 201, body: { success: true, id: 2 } },
    ]);
    const report = await flushQueue(o.io, { force: false });
    expect(o.sentKeys).toEqual(['a', 'b']);
    expect(report).toEqual({ sent: [{ key: 'a', id: 1 }, { key: 'b', id: 2 }], rejected: [], waiting: 0 });
    expect(o.store.size).toBe(0);
  });

  it('stops the round at the first unanswered send and keeps everything queued', async () => {
    const o = memoryOutbox([entry('a'), entry('b', { createdAt: t0 + 1 })], [new TypeError('Failed to fetch')]);
    const report = await flushQueue(o.io, { force: false });
    expect(o.sentKeys).toEqual(['a']);
    expect(report.waiting).toBe(2);
    expect(o.store.get('a')).toMatchObject({ attempts: 1, nextAttemptAt: t0 + 2_000, state: 'pending' });
    expect(o.store.get('b')).toMatchObject({ attempts: 0 });
  });

  it('keeps a 5xx entry queued, backs off, and sends it with the same key once the server recovers', async () => {
    const o = memoryOutbox([entry('a')], [{ status: 503, body: {} }, { status: 500, body: {} }, { status: 201, body: { success: true, id: 9 } }]);
    await flushQueue(o.io, { force: false });
    expect((await flushQueue(o.io, { force: false })).sent).toEqual([]);
    expect(o.sentKeys).toEqual(['a']);
    o.advance(2_000);
    await flushQueue(o.io, { force: false });
    expect(o.store.get('a')).toMatchObject({ attempts: 2, nextAttemptAt: t0 + 2_000 + 4_000 });
    o.advance(4_000);
    const report = await flushQueue(o.io, { force: false });
    expect(report.sent).toEqual([{ key: 'a', id: 9 }]);
    expect(o.sentKeys).toEqual(['a', 'a', 'a']);
  });

  it('does not retry a refused entry, and carries on with the next one', async () => {
    const o = memoryOutbox([entry('a'), entry('b', { createdAt: t0 + 1 })], [
      { status: 400, body: { success: false, error: 'Please fill in all required fields' } },
      { status: 201, body: { success: true, id: 3 } },
    ]);
    const report = await flushQueue(o.io, { force: true });
    expect(report.rejected.map((e) => e.key)).toEqual(['a']);
    expect(report.sent).toEqual([{ key: 'b', id: 3 }]);
    await flushQueue(o.io, { force: true });
    expect(o.sentKeys).toEqual(['a', 'b']);
    expect(o.store.get('a')).toMatchObject({ state: 'failed', error: 'Please fill in all required fields' });
  });

  it('sends a waiting entry at once when forced (back online, app start)', async () => {
    const o = memoryOutbox([entry('a', { attempts: 5, nextAttemptAt: t0 + 60_000 })], [{ status: 201, body: { success: true, id: 4 } }]);
    expect((await flushQueue(o.io, { force: false })).sent).toEqual([]);
    expect((await flushQueue(o.io, { force: true })).sent).toEqual([{ key: 'a', id: 4 }]);
  });
});

describe('the problem code of a refusal', () => {
  it('is kept with the refused entry beside the server text, and read back', () => {
    const outcome = afterAttempt(entry('a'), { status: 400, body: { success: false, error: 'Please enter a valid e-mail address' }, problem: 'emailInvalid' }, t0, middle);
    expect(outcome).toMatchObject({ verdict: 'rejected', entry: { state: 'failed', error: 'Please enter a valid e-mail address', problem: 'emailInvalid' } });
    expect(outcome.action === 'keep' && queuedWaitlistEntry.safeParse(outcome.entry).data?.problem).toBe('emailInvalid');
  });

  it('is absent when the server named none, and a code this version does not know still reads', () => {
    const outcome = afterAttempt(entry('a'), { status: 400, body: { success: false, error: 'Closed' } }, t0, middle);
    expect(outcome.action === 'keep' && 'problem' in outcome.entry).toBe(false);
    expect(queuedWaitlistEntry.safeParse({ ...entry('a'), state: 'failed', error: 'x', problem: 'someFutureCode' }).success).toBe(true);
  });

  it('refusalOf: the text of the contract error shape, else the SPEC.md fallback', () => {
    expect(refusalOf({ status: 400, body: { success: false, error: 'Nope' }, problem: 'officeUnknown' })).toEqual({ error: 'Nope', problem: 'officeUnknown' });
    expect(refusalOf({ status: 400, body: { error: 'Nope' } })).toEqual({ error: 'Nope' });
    expect(refusalOf({ status: 400, body: { success: false, error: 42 } })).toEqual({ error: 'Failed to submit waitlist entry' });
    expect(refusalOf({ networkError: true })).toEqual({ error: 'Failed to submit waitlist entry' });
  });

  it('the id of a sent entry comes from the contract shape of the answer', () => {
    expect(afterAttempt(entry('a'), { status: 201, body: { success: true, id: 'w-7' } }, t0, middle)).toEqual({ action: 'remove', id: 'w-7' });
    expect(afterAttempt(entry('a'), { status: 201, body: '<html>' }, t0, middle)).toEqual({ action: 'remove', id: undefined });
  });
});

describe('postQueuedEntry', () => {
  function answering(response: Response | Error) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchFn = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (response instanceof Error) throw response;
      return response;
    }) as unknown as typeof fetch;
    return { calls, fetchFn };
  }

  it('sends the entry with its Idempotency-Key, and reads the status, the body, Retry-After and the problem code', async () => {
    const { calls, fetchFn } = answering(
      new Response(JSON.stringify({ success: false, error: 'One or more of the selected offices do not exist' }), {
        status: 400,
        headers: { 'content-type': 'application/json', 'waitlist-problem': 'officeUnknown', 'retry-after': '7' },
      }),
    );
    const result = await postQueuedEntry(entry('k-1'), fetchFn);
    expect(result).toEqual({ status: 400, body: { success: false, error: 'One or more of the selected offices do not exist' }, retryAfterSeconds: 7, problem: 'officeUnknown' });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('/public-api/waitlist');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
    expect(init.body).toBe(JSON.stringify({ customer_name: 'k-1' }));
  });

  it('gives no answer when the request fails, and the status alone for a body that is not JSON', async () => {
    expect(await postQueuedEntry(entry('a'), answering(new TypeError('Failed to fetch')).fetchFn)).toEqual({ networkError: true });
    expect(await postQueuedEntry(entry('a'), answering(new Response('<html>', { status: 502 })).fetchFn)).toEqual({ status: 502, body: null });
  });
});
