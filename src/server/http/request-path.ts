import type { MiddlewareHandler } from 'hono';
import { isPlainText } from '../../shared/domain/text.ts';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';

/**
 * A path whose %-escapes do not decode, or decode to control characters, names nothing we
 * serve: it is refused here, before any route, file lookup or query sees it.
 */
export function requestPathCheck(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes('%')) {
      const start = url.indexOf('/', url.indexOf('//') + 2);
      const end = url.search(/[?#]/);
      const rawPath = url.slice(start, end === -1 ? undefined : end);
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(rawPath);
      } catch {
        decoded = undefined;
      }
      if (decoded === undefined || !isPlainText(decoded)) return problemAnswer(c, problem('bad_address'));
    }
    await next();
  };
}
