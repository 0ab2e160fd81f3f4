import type { Context, MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { logError, maskPath } from '../log.ts';

export type Encoding = 'br' | 'gzip';

/** Bytes a Response can send (a Buffer's type allows a shared buffer, which a body cannot be). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** One entry of Accept-Encoding as Hono's helper parses it (the helper does not export its type). */
type Accept = Parameters<NonNullable<Parameters<typeof accepts>[1]['match']>>[0][number];

/** Below this, the encoding's framing and the work cost more than the bytes saved. */
export const minCompressedBytes = 1024;

/**
 * Measured on the 2,000-unit offices list (508 KB of JSON), Node 20:
 * br q5 33 KB in 10 ms, q6 32 KB in 14 ms, q7–q9 no smaller and slower, q10 27 KB in 0.7 s,
 * q11 22 KB in 1.5 s; gzip 6 49 KB in 8 ms, gzip 9 47 KB in 22 ms.
 * A per-request answer takes q5 (q6 costs 40% more time for 2% fewer bytes); an answer kept and
 * sent many times takes q11 and gzip 9, paid once, away from any request.
 */
const levels = {
  quick: { br: 5, gzip: 6 },
  thorough: { br: 11, gzip: 9 },
} as const;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** On zlib's thread pool, so the event loop keeps serving while a large answer is compressed. */
export async function compress(body: Uint8Array, encoding: Encoding, effort: keyof typeof levels): Promise<Bytes> {
  const out =
    encoding === 'gzip'
      ? await gzipAsync(body, { level: levels[effort].gzip })
      : await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: levels[effort].br,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        });
  // zlib's output always owns a plain ArrayBuffer.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

/**
 * The coding's weight: its own entry, else `*`'s, else refused; q=0 refuses (RFC 9110 §12.5.3).
 * Brotli wins a tie: it is the smaller.
 */
function preferredEncoding(accepted: Accept[]): Encoding | 'identity' {
  const weight = (coding: Encoding) => (accepted.find((a) => a.type.toLowerCase() === coding) ?? accepted.find((a) => a.type === '*'))?.q ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The encoding this request accepts best: br, else gzip, else none. */
export function negotiateEncoding(c: Context): Encoding | 'identity' {
  return accepts(c, { header: 'Accept-Encoding', supports: ['br', 'gzip'], default: 'identity', match: preferredEncoding }) as Encoding | 'identity';
}

/** If-None-Match: `*` or a list of tags, compared weakly (RFC 9110 §13.1.2); the API's list and the static files alike. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag)) ?? false;
}

/** Whether an answer was already chosen by Accept-Encoding (its handler sent stored bytes). */
function variesByEncoding(res: Response): boolean {
  return /\baccept-encoding\b/i.test(res.headers.get('Vary') ?? '');
}

/**
 * Compresses the JSON answers of the API large enough to gain. Every JSON answer says
 * `Vary: Accept-Encoding`, the plain ones too, so a cache never hands a compressed copy to a
 * client that cannot read it. HEAD, 304 and anything not JSON (PDFs, .ics) pass untouched.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // The body is looked at last: reading it turns the node server's lightweight answer into a
    // full Response with a stream, which costs the offices list (negotiated by its own handler)
    // most of its throughput.
    if (c.req.method === 'HEAD' || !c.res.headers.get('Content-Type')?.startsWith('application/json') || variesByEncoding(c.res) || !c.res.body) return;
    c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = negotiateEncoding(c);
    if (encoding === 'identity') return;
    const { status, headers } = c.res;
    const plain = new Uint8Array(await c.res.arrayBuffer());
    let compressed: Bytes | undefined;
    if (plain.byteLength >= minCompressedBytes) {
      // The answer is good without compression: a failure here sends it plain, never a 500.
      compressed = await compress(plain, encoding, 'quick').catch((err: unknown) => {
        logError('compression.failed', err, { path: maskPath(c.req.path) });
        return undefined;
      });
    }
    // Replaced whole: assigning over the old answer would copy its Content-Length back.
    c.res = undefined;
    c.res = new Response(compressed ?? plain, { status, headers });
    if (compressed) {
      c.res.headers.set('Content-Encoding', encoding);
      c.res.headers.delete('Content-Length');
    }
  };
}
