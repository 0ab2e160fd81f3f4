import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { compress, minCompressedBytes } from '../../src/server/http/compression.ts';
import { createOffer, signedOffer } from './lease-fixtures.ts';
import { adminToken, backend, buildTestApp, type TestApp } from './test-app.ts';
import { createUnitListCache } from '../../src/server/http/unit-list-cache.ts';

const bearer = { authorization: `Bearer ${adminToken}` };
const officesPath = '/public-api/offices/available';

type App = Pick<TestApp, 'app'>;

/** An answer and its bytes as they came over the wire. */
async function fetchRaw(t: App, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await t.app.request(path, { method, headers: { ...bearer, ...headers } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The bytes as the client reads them, after the answer's Content-Encoding. */
function decoded(res: Response, bytes: Buffer): string {
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  expect(encoding).toBeNull();
  return bytes.toString('utf8');
}

async function staffUnitIds(t: App): Promise<number[]> {
  const { bytes } = await fetchRaw(t, '/admin-api/units');
  return (JSON.parse(bytes.toString('utf8')) as { units: { id: number }[] }).units.map((u) => u.id);
}

function editUnit(t: App, id: number, baseMonthlyRate: string) {
  return t.app.request(`/admin-api/units/${id}`, {
    method: 'PATCH',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ base_monthly_rate: baseMonthlyRate }),
  });
}

describe(`compressed API answers (${backend})`, () => {
  let t: TestApp;
  let contractPath: string;
  let pdfPath: string;
  beforeAll(async () => {
    t = await buildTestApp();
    contractPath = `/public-api/lease-offers/${(await createOffer(t)).code}/contract-data?language=en`;
    pdfPath = `/public-api/lease-offers/${await signedOffer(t)}/download-pdf?language=en`;
  });
  afterAll(() => t.close());

  // The list (stored copies), a staff answer and a public one (both through the middleware).
  const largeAnswers = () => [officesPath, '/admin-api/units', contractPath];

  it('br and gzip answers decode to exactly the identity answer', async () => {
    for (const path of largeAnswers()) {
      const plain = await fetchRaw(t, path);
      expect(plain.res.status, path).toBe(200);
      expect(plain.res.headers.get('content-encoding'), path).toBeNull();
      expect(plain.bytes.byteLength, path).toBeGreaterThanOrEqual(minCompressedBytes);
      for (const encoding of ['br', 'gzip']) {
        const { res, bytes } = await fetchRaw(t, path, { 'accept-encoding': encoding });
        expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(encoding);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(bytes.byteLength).toBeLessThan(plain.bytes.byteLength);
        // A length left from the plain body would cut the compressed one short (or hang the client).
        expect([null, String(bytes.byteLength)]).toContain(res.headers.get('content-length'));
        expect(decoded(res, bytes), `${path} ${encoding}`).toBe(plain.bytes.toString('utf8'));
      }
    }
  });

  it.each([
    ['gzip;q=1, br;q=0', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['*', 'br'],
    ['br;q=0, *;q=0.1', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate', null],
    [undefined, null],
  ])('Accept-Encoding %j gets %s, and Vary says the answer depends on it', async (acceptEncoding, expected) => {
    for (const path of largeAnswers()) {
      const { res, bytes } = await fetchRaw(t, path, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
      expect(res.headers.get('content-encoding'), path).toBe(expected);
      expect(res.headers.get('vary'), path).toMatch(/accept-encoding/i);
      expect(() => JSON.parse(decoded(res, bytes))).not.toThrow();
    }
  });

  it('sends an answer too small to gain plain, even to a client that takes br', async () => {
    const { res, bytes } = await fetchRaw(t, '/public-api/offices/unknown', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(bytes.byteLength).toBeLessThan(minCompressedBytes);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ success: false });
  });

  it('leaves what is not JSON, and HEAD, as they were', async () => {
    const pdf = await fetchRaw(t, pdfPath, { 'accept-encoding': 'br, gzip' });
    expect(pdf.res.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(pdf.bytes.byteLength).toBeGreaterThan(minCompressedBytes);
    expect(pdf.res.headers.get('content-encoding')).toBeNull();
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const head = await fetchRaw(t, '/admin-api/units', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-encoding')).toBeNull();
    expect(head.bytes.byteLength).toBe(0);
  });

  it("answers the list's ETag with 304 while it is unchanged, and 200 with a new ETag after a change", async () => {
    const first = await fetchRaw(t, officesPath, { 'accept-encoding': 'br' });
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect((await fetchRaw(t, officesPath, { 'accept-encoding': 'gzip' })).res.headers.get('etag')).toBe(etag);
    expect((await fetchRaw(t, officesPath)).res.headers.get('etag')).toBe(etag);

    for (const ifNoneMatch of [etag, `W/"other", ${etag}`, '*', etag.slice(2)]) {
      const { res, bytes } = await fetchRaw(t, officesPath, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(bytes.byteLength).toBe(0);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-encoding')).toBeNull();
    }
    expect((await fetchRaw(t, officesPath, { 'if-none-match': 'W/"other"' })).res.status).toBe(200);

    const [unitId] = await staffUnitIds(t);
    expect((await editUnit(t, unitId!, '1777.00')).status).toBe(200);
    const after = await fetchRaw(t, officesPath, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(etag);
    expect(decoded(after.res, after.bytes)).toContain('"1777.00"');
  });
});

/** An offices list that records each compression pass and holds thorough ones until released. */
function watchedOfficesList(t: TestApp) {
  const passes: string[] = [];
  let releaseThorough!: () => void;
  const thoroughMayRun = new Promise<void>((resolve) => (releaseThorough = resolve));
  const unitList = createUnitListCache(t.db, {
    compress: async (body, encoding, effort) => {
      passes.push(`${encoding} ${effort}`);
      if (effort === 'thorough') await thoroughMayRun;
      return compress(body, encoding, effort);
    },
  });
  return { unitList, passes, releaseThorough };
}

describe(`the offices list's stored compressed copies (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('compresses each version once per encoding, quickly first, then once thoroughly, and sends those bytes', async () => {
    const { unitList, passes, releaseThorough } = watchedOfficesList(t);
    const app = { app: createApp(t.deps, { unitList }) };
    const brotli = async () => new Uint8Array((await fetchRaw(app, officesPath, { 'accept-encoding': 'br' })).bytes);

    const version = await unitList.current();
    const quick = await brotli();
    expect(await brotli()).toEqual(quick);
    expect(new Uint8Array(brotliDecompressSync(quick))).toEqual(version.body);
    expect(passes).toEqual(['br quick', 'br thorough']);

    // The cache refreshed and read the same bytes: the same version, its copies kept.
    unitList.invalidate();
    expect(await unitList.current()).toBe(version);

    releaseThorough();
    const thorough = await compress(version.body, 'br', 'thorough');
    await vi.waitFor(async () => expect(await brotli()).toEqual(thorough));
    expect(await brotli()).toEqual(thorough);
    expect(passes).toEqual(['br quick', 'br thorough']);

    // A change is a new version, compressed anew.
    const [unitId] = await staffUnitIds(app);
    expect((await editUnit(app, unitId!, '1888.00')).status).toBe(200);
    const changed = await brotli();
    expect(brotliDecompressSync(changed).toString('utf8')).toContain('"1888.00"');
    expect((await unitList.current()).etag).not.toBe(version.etag);
    expect(passes.slice(2)).toEqual(['br quick', 'br thorough']);
  });

  it('gives no thorough pass to a version replaced before its turn came', async () => {
    const { unitList, passes, releaseThorough } = watchedOfficesList(t);
    const old = await unitList.current();
    await old.encoded('br');
    // Its gzip pass waits behind its br pass…
    await old.encoded('gzip');
    expect(passes).toEqual(['br quick', 'br thorough', 'gzip quick']);
    // …and the list changes meanwhile.
    const [unitId] = await staffUnitIds(t);
    expect((await editUnit(t, unitId!, '1999.00')).status).toBe(200);
    unitList.invalidate();
    expect((await unitList.current()).etag).not.toBe(old.etag);

    releaseThorough();
    const thorough = await compress(old.body, 'br', 'thorough');
    await vi.waitFor(async () => expect(await old.encoded('br')).toEqual(thorough));
    // The gzip pass's turn comes in the same run of microtasks as the br pass ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(passes).toEqual(['br quick', 'br thorough', 'gzip quick']);
  });
});
