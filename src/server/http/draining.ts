import type { MiddlewareHandler } from 'hono';

/**
 * Once the instance is stopping, every answer, to a request that came before or during the
 * stop, says `Connection: close`: the client's next request opens a connection elsewhere, and
 * this instance's connections end with their last answer.
 */
export function closeWhileDraining(draining: () => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (draining()) c.header('Connection', 'close');
  };
}

/** How soon the same signal again counts as the first one delivered twice. */
const sameSignalWithinMs = 1_000;

/**
 * A signal that comes while the instance drains: the first one delivered twice ('repeat': the
 * same signal within a second, as a terminal's Ctrl-C reaches the whole process group and npm
 * passes it on too), or a second ask ('stop_now': someone chose not to wait for the drain).
 */
export function signalDuringDrain(first: { signal: string; at: number }, signal: string, now: number): 'repeat' | 'stop_now' {
  return signal === first.signal && now - first.at < sameSignalWithinMs ? 'repeat' : 'stop_now';
}
