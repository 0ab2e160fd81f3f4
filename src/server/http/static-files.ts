import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { matchesEtag, negotiateEncoding } from './compression.ts';

interface StaticFile {
  body: Uint8Array;
  gzip?: Uint8Array;
  brotli?: Uint8Array;
  type: string;
  cacheControl: string;
  etag: string;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** The staff console's page (staff.html, a build entry of its own), answered for /staff and every path under it. */
const staffPage = '/staff.html';
const staffRoute = /^\/staff(\/|$)/;
/** The public app's page for /waitlist: index.html with that route's first screen (vite.config.ts). */
const waitlistPage = '/waitlist.html';

function cacheControlFor(path: string): string {
  // Vite puts content hashes in every name under /assets/: a new build means a new name.
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // The staff console's page is never kept by a browser or a proxy: a signed-out or departed
  // staff member's device holds nothing of it, and a release reaches staff at once.
  if (path === staffPage) return 'no-store';
  // The shell and the worker must be revalidated, or a fix never reaches an installed app.
  if (path === '/index.html' || path === waitlistPage || path === '/sw.js' || path.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=3600';
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * The built PWA, read once into memory and compressed once: the whole of dist/ is a few
 * hundred kilobytes, and this makes every static answer a map lookup.
 */
export class StaticSite {
  private files = new Map<string, StaticFile>();
  readonly inlineStyleHashes: string[] = [];

  constructor(dir: string) {
    if (!existsSync(join(dir, 'index.html'))) return;
    for (const full of walk(dir)) {
      const path = '/' + relative(dir, full).split(sep).join('/');
      const ext = extname(full);
      const body = readFileSync(full);
      const file: StaticFile = {
        body,
        type: types[ext] ?? 'application/octet-stream',
        cacheControl: cacheControlFor(path),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
      if (compressible.has(ext) && body.length > 512) {
        file.gzip = gzipSync(body, { level: 9 });
        file.brotli = brotliCompressSync(body);
      }
      this.files.set(path, file);
    }
    const html = this.files.get('/index.html');
    if (html) {
      const text = Buffer.from(html.body).toString('utf8');
      for (const m of text.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
        this.inlineStyleHashes.push(`sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}`);
      }
    }
  }

  get available(): boolean {
    return this.files.has('/index.html');
  }

  /** The page of an app route (a path without a file extension). */
  private pageFor(path: string): StaticFile | undefined {
    if (staffRoute.test(path)) return this.files.get(staffPage);
    return (path === '/waitlist' ? this.files.get(waitlistPage) : undefined) ?? this.files.get('/index.html');
  }

  /**
   * The file at a path, or for an app route (a path without a file extension) its page:
   * staff.html under /staff, waitlist.html for /waitlist, index.html for the rest.
   */
  respond(c: Context): Response | undefined {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      // A '%' left over by the router's decoding (from '%25'): no file has such a name.
      return undefined;
    }
    let file = this.files.get(path);
    if (!file && extname(path) === '') file = this.pageFor(path);
    if (!file) return undefined;
    const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: file.etag, Vary: 'Accept-Encoding' });
    if (matchesEtag(c.req.header('if-none-match'), file.etag)) return new Response(null, { status: 304, headers });
    // A file either has both compressed copies or neither (too small or already compressed).
    const encoding = negotiateEncoding(c);
    const stored = encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : undefined;
    const body = stored ?? file.body;
    if (stored) headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(body.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { headers });
  }
}
