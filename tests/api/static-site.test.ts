import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticSite } from '../../src/server/http/static-files.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';

const style = 'body{margin:0}';
const staffHtml = `<!doctype html><html><head><script type="module" crossorigin src="/assets/staff/staff-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/staff/staff-abc123.css"></head><body><div id="root"></div></body></html>`;
const html = `<!doctype html><html><head><style>${style}</style><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root">${'x'.repeat(2000)}</div></body></html>`;
const waitlistHtml = html.replace('x'.repeat(2000), '<h1>Join the Waitlist</h1>');

describe(`serving the PWA (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coworking-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'waitlist.html'), waitlistHtml);
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('y'.repeat(3000))})`);
    writeFileSync(join(dir, 'staff.html'), staffHtml);
    mkdirSync(join(dir, 'assets', 'staff'));
    writeFileSync(join(dir, 'assets', 'staff', 'staff-abc123.js'), 'console.log("staff")');
    writeFileSync(join(dir, 'assets', 'staff', 'staff-abc123.css'), 'body{color:#000}');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dir, 'floor-plan.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ deps: { staticSite: new StaticSite(dir) } });
  });
  afterAll(() => t.close());

  it.each(['/conference', '/offices', '/lease/abc', '/checkout-success', '/waitlist/else', '/anything/else'])('answers the app route %s with index.html, never cached stale', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(html);
  });

  it.each(['/waitlist', '/waitlist?edit=3f1c'])('answers %s with waitlist.html, its first screen in the HTML, never cached stale', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(waitlistHtml);
  });

  it.each(['/staff', '/staff/', '/staff/sign-in', '/staff/inventory', '/staff/orders/7f0c2a9e-1b2c-4d5e-8f90-123456789abc', '/staff/lease-offers/12', '/staff.html'])(
    'answers the staff console path %s with staff.html, never stored',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe(staffHtml);
    },
  );

  it.each(['/staffing', '/staff-room', '/offices/staff'])('keeps %s, which is not under /staff, on the public app', async (path) => {
    const res = await t.app.request(path);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(html);
  });

  it('serves the console\'s hashed files as immutable, and a missing one as 404, never as a page', async () => {
    const js = await t.app.request('/assets/staff/staff-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await t.app.request('/assets/staff/staff-abc123.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await t.app.request('/staff/gone.js')).status).toBe(404);
  });

  it('lets the console load its own script and linked stylesheet under the same CSP, still with no inline script', async () => {
    const res = await t.app.request('/staff/inventory');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/style-src 'self'[ ;]/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // The console's page has no <style> to allow: its stylesheet is linked.
    expect(staffHtml).not.toContain('<style');
  });

  it('serves hashed assets as immutable, compressed when the browser accepts it', async () => {
    const res = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('yyy');
    const br = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // A coding the browser refuses (q=0) is never sent, as for the API's answers.
    const noBrotli = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('yyy');
  });

  it('makes the service worker revalidate, and answers a matching ETag with 304', async () => {
    const sw = await t.app.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const etag = sw.headers.get('etag')!;
    const again = await t.app.request('/sw.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A browser holding several copies sends their tags as a list; any one of them matches.
    const listed = await t.app.request('/sw.js', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('serves the floor plan from the site', async () => {
    const res = await t.app.request('/floor-plan.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('allows the inline critical CSS by its hash only, and no inline script', async () => {
    const res = await t.app.request('/conference');
    const csp = res.headers.get('content-security-policy')!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("script-src 'self';");
  });

  it('answers a missing file with 404 JSON, and unknown API paths never with the app', async () => {
    const missing = await t.app.request('/assets/gone-999.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false });
    const api = await t.app.request('/public-api/conference');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });
});
