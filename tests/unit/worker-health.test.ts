import { describe, expect, it } from 'vitest';
import { repeat, roundTimer, workerHealth } from '../../src/server/repeat.ts';

describe('a background worker’s health (GET /readyz)', () => {
  const now = 1_000_000_000;
  it('is running between runs and during a run of ordinary length', () => {
    expect(workerHealth(false, null, 60_000, now)).toBe('running');
    expect(workerHealth(false, now - 4 * 60_000, 60_000, now)).toBe('running');
  });
  it('is stuck once one run lasts 5 intervals and at least 5 minutes', () => {
    expect(workerHealth(false, now - 5 * 60_000 - 1, 60_000, now)).toBe('stuck');
    // A 15-second worker is not stuck after 2 minutes: a slow provider, not a stuck one.
    expect(workerHealth(false, now - 2 * 60_000, 15_000, now)).toBe('running');
    expect(workerHealth(false, now - 10 * 60_000 - 1, 2 * 60_000, now)).toBe('stuck');
  });
  it('is stopped once a shutdown stopped it, whatever it was doing', () => {
    expect(workerHealth(true, null, 60_000, now)).toBe('stopped');
    expect(workerHealth(true, now - 60 * 60_000, 60_000, now)).toBe('stopped');
  });
});

describe('a round’s runs (GET /metrics)', () => {
  it('tells nothing of a last run before the first has ended', () => {
    expect(roundTimer().stats()).toEqual({ runs: 0, errors: 0, lastRunAt: null, lastDurationMs: null });
  });
  it('counts each run, its end and length, and the runs that threw, passing on what each run gave', async () => {
    let now = 1_000;
    const timer = roundTimer(() => now);
    const ran = await timer.run(async () => {
      now += 250;
      return 'done';
    });
    expect(ran).toBe('done');
    expect(timer.stats()).toEqual({ runs: 1, errors: 0, lastRunAt: 1_250, lastDurationMs: 250 });
    const failed = timer.run(async () => {
      now += 4_000;
      throw new Error('database gone');
    });
    await expect(failed).rejects.toThrow('database gone');
    expect(timer.stats()).toEqual({ runs: 2, errors: 1, lastRunAt: 5_250, lastDurationMs: 4_000 });
  });
  it('is kept by every repeated round: its run at start is counted once it ends', async () => {
    const round = repeat(async () => 1, { everyMs: 60_000, failedEvent: 'test.round_failed', done: () => {} });
    await round.stop();
    expect(round.stats()).toMatchObject({ runs: 1, errors: 0 });
    expect(round.stats().lastRunAt).not.toBeNull();
  });
});

describe('a repeated round woken between its ticks (the mail worker after a message is written)', () => {
  /** A job whose runs end only when the test says so. */
  function heldJob() {
    const ends: (() => void)[] = [];
    const job = () => new Promise<number>((resolve) => ends.push(() => resolve(ends.length)));
    const endRun = async (i: number) => {
      ends[i]!();
      // Lets the round's promise chain settle and start what comes next.
      await new Promise((r) => setImmediate(r));
    };
    return { job, runs: () => ends.length, endRun };
  }

  it('queues one run after the run under way, however often it is woken', async () => {
    const held = heldJob();
    const round = repeat(held.job, { everyMs: 60_000, failedEvent: 'test.round_failed', done: () => {} });
    expect(held.runs()).toBe(1);
    round.wake();
    round.wake();
    round.wake();
    expect(held.runs()).toBe(1);
    await held.endRun(0);
    expect(held.runs()).toBe(2);
    await held.endRun(1);
    expect(held.runs()).toBe(2);
    await round.stop();
  });

  it('runs soon when woken idle, and not at all once stopped', async () => {
    const held = heldJob();
    const round = repeat(held.job, { everyMs: 60_000, failedEvent: 'test.round_failed', done: () => {} });
    await held.endRun(0);
    round.wake();
    await new Promise((r) => setImmediate(r));
    expect(held.runs()).toBe(2);
    round.wake();
    const stopped = round.stop();
    await held.endRun(1);
    await stopped;
    round.wake();
    await new Promise((r) => setImmediate(r));
    expect(held.runs()).toBe(2);
  });
});
