import type { Context } from 'hono';
import type { AppConfig } from '../deps.ts';

/** The origin this request came to; behind proxies, the host and scheme the nearest proxy says it received. */
export function requestOrigin(c: Context, trustedProxies: number): string {
  const own = new URL(c.req.url);
  if (trustedProxies > 0) {
    const last = (header: string) => c.req.header(header)?.split(',').at(-1)?.trim();
    const host = last('x-forwarded-host');
    const proto = last('x-forwarded-proto');
    const candidate = `${proto === 'http' ? 'http' : 'https'}://${host ?? ''}`;
    if (host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:.]+\](:\d{1,5})?$/.test(host) && URL.canParse(candidate)) return new URL(candidate).origin;
  }
  return own.origin;
}

/**
 * The site's origins: PUBLIC_ORIGIN, else (outside production, which requires it) the origin
 * the request came to.
 */
export function siteOrigins(c: Context, config: Pick<AppConfig, 'publicOrigins' | 'trustedProxies'>): readonly string[] {
  return config.publicOrigins.length > 0 ? config.publicOrigins : [requestOrigin(c, config.trustedProxies)];
}
