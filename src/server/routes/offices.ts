import { Hono } from 'hono';
import type { UnitListCache } from '../http/unit-list-cache.ts';
import { matchesEtag, minCompressedBytes, negotiateEncoding } from '../http/compression.ts';

/** SPEC call 3: the public list of every offering. */
export function officesRoutes(unitList: UnitListCache) {
  return new Hono().get('/available', async (c) => {
    const list = await unitList.current();
    // Always revalidated: the service worker keeps the offline snapshot, not the HTTP cache.
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', list.etag);
    // Negotiated here, from the list's stored copies: the compression middleware leaves it be.
    c.header('Vary', 'Accept-Encoding');
    if (matchesEtag(c.req.header('If-None-Match'), list.etag)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    const encoding = list.body.byteLength < minCompressedBytes ? 'identity' : negotiateEncoding(c);
    // A copy that failed to compress leaves the list to go plain, never as a 500.
    const encoded = encoding === 'identity' ? undefined : await list.encoded(encoding).catch(() => undefined);
    if (!encoded) return c.body(list.body);
    c.header('Content-Encoding', encoding);
    return c.body(encoded);
  });
}
