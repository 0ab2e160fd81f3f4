import type { MiddlewareHandler } from 'hono';

/**
 * CSP with no inline script. Inline style is allowed only by hash: the critical CSS that
 * index.html carries so the first round trip paints.
 */
export function securityHeaders(styleHashes: readonly string[], options: { hsts: boolean }): MiddlewareHandler {
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
  const headers: [string, string][] = [
    ['Content-Security-Policy', csp],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Production is served over HTTPS only: browsers that saw it once never try plain HTTP again.
    ...(options.hsts ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  return async (c, next) => {
    // Set before the handler runs, so answers built with c.json/c.body carry them without
    // rebuilding the response (the node server's fast path); set again on a response a
    // handler built itself.
    for (const [name, value] of headers) c.header(name, value);
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
