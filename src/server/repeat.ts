import { logError } from './log.ts';

/**
 * Runs a job at start and every `everyMs`, never two at once: a run still going when the next is
 * due is not doubled. What a run found is handed to `done`; a run that throws is logged as
 * `failedEvent` and the next goes on. `stop` waits for the run under way (a graceful shutdown).
 */
export function repeat<T>(job: () => Promise<T>, options: { everyMs: number; failedEvent: string; done: (result: T) => void }): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = job()
      .then(options.done, (err: unknown) => logError(options.failedEvent, err))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
