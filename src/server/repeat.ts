import { logError } from './log.ts';

/**
 * Runs a job at start and every `everyMs`, never two at once: a run still going when the next is
 * due is not doubled. `wake()` asks for a run soon (something to do was just written): one more
 * after the run under way, however many times it is asked. What a run found is handed to `done`;
 * a run that throws is logged as `failedEvent` and the next goes on. `stop` waits for the run
 * under way (a graceful shutdown), whose job is told by its `stopping` to end after the item it
 * is on; nothing runs after it.
 */
export function repeat<T>(
  job: (stopping: () => boolean) => Promise<T>,
  options: { everyMs: number; failedEvent: string; done: (result: T) => void },
): { wake(): void; stop(): Promise<void>; health(): WorkerHealth; stats(): RoundStats } {
  let running: Promise<void> | null = null;
  let startedAt = 0;
  let stopped = false;
  let again = false;
  const timed = roundTimer();
  const run = () => {
    if (running || stopped) return;
    startedAt = Date.now();
    running = timed
      .run(() => job(() => stopped))
      .then(options.done, (err: unknown) => logError(options.failedEvent, err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    wake() {
      if (running) again = true;
      else setImmediate(run);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    health: () => workerHealth(stopped, running ? startedAt : null, options.everyMs),
    stats: timed.stats,
  };
}

/** What a round has done since this process started (GET /metrics): its runs, those that failed, and its last run's end and length. */
export interface RoundStats {
  runs: number;
  /** Runs that threw (an item a run logged and left for the next is not counted). */
  errors: number;
  /** When the last run ended (ms since the epoch); null before the first has. */
  lastRunAt: number | null;
  lastDurationMs: number | null;
}

/** Times a round's runs: each one's length and end, and whether it threw (the run's own answer or error passes through). */
export function roundTimer(now: () => number = Date.now): { run<T>(job: () => Promise<T>): Promise<T>; stats(): RoundStats } {
  const stats: RoundStats = { runs: 0, errors: 0, lastRunAt: null, lastDurationMs: null };
  const ended = (startedAt: number, failed: boolean) => {
    const at = now();
    stats.runs++;
    if (failed) stats.errors++;
    stats.lastRunAt = at;
    stats.lastDurationMs = at - startedAt;
  };
  return {
    async run(job) {
      const startedAt = now();
      try {
        const result = await job();
        ended(startedAt, false);
        return result;
      } catch (err) {
        ended(startedAt, true);
        throw err;
      }
    },
    stats: () => ({ ...stats }),
  };
}

/** A background worker (a round, the mail worker): going, stopped (a shutdown), or stuck in one run far longer than its interval. */
export type WorkerHealth = 'running' | 'stopped' | 'stuck';

/** A run is stuck once it has gone on for 5 of its intervals, and at least 5 minutes (a slow provider is not a stuck one). */
export function workerHealth(stopped: boolean, runStartedAt: number | null, everyMs: number, now = Date.now()): WorkerHealth {
  if (stopped) return 'stopped';
  return runStartedAt !== null && now - runStartedAt > Math.max(5 * everyMs, 5 * 60_000) ? 'stuck' : 'running';
}
