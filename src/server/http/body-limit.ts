import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';

const kilobyte = 1024;

/**
 * The most a request body may hold. A JSON form is a few kilobytes; a signature is a PNG of a
 * tablet-sized pad; Stripe's events are objects of a few kilobytes, with room to spare. A bank's
 * return file is 1464 characters a record, up to six returned debits each: room for hundreds.
 */
const bodyLimits = {
  default: 64 * kilobyte,
  signing: 1024 * kilobyte,
  webhook: 512 * kilobyte,
  padReturnFile: 256 * kilobyte,
} as const;

function bodyLimitFor(path: string): number {
  if (path === '/public-api/stripe/webhook') return bodyLimits.webhook;
  if (path === '/admin-api/pad-files/returns') return bodyLimits.padReturnFile;
  if (path.startsWith('/public-api/lease-offers/') && path.endsWith('/complete-signing')) return bodyLimits.signing;
  return bodyLimits.default;
}

function limited(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    // The app reads no more of the body: the connection closes after this answer, so the client
    // is told instead of having its next request read as the tail of this one. (The server reads
    // and discards what is still coming for a moment before it closes: http/lingering-close.ts.)
    onError: (c) => {
      c.header('Connection', 'close');
      return problemAnswer(c, problem('body_too_large', { kilobytes: maxSize / kilobyte }));
    },
  });
}

/** One limit in front of every route: a declared length over it is refused unread, a streamed body as it crosses it. */
export function requestBodyLimit(): MiddlewareHandler {
  const byLimit = new Map(Object.values(bodyLimits).map((size) => [size, limited(size)]));
  return (c, next) => {
    // GET and HEAD carry no body here; asking the request for one would make the node server
    // build a full Request for every read of the list.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return byLimit.get(bodyLimitFor(c.req.path))!(c, next);
  };
}
