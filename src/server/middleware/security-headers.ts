import type { MiddlewareHandler } from 'hono';

/**
 * CSP with no inline script. Inline style is allowed only by hash: the critical CSS that
 * index.html carries so the first round trip paints.
 */
export function securityHeaders(styleHashes: readonly string[]): MiddlewareHandler {
  const styleSrc = ["'self'", ...styleHashes.map((h) => `'${h}'`)].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styleSrc}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  };
}
