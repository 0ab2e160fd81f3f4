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
