import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { drawSignaturePng, storedSignatureBox } from '../../src/server/lease/signature-image.ts';
import { StaticSite } from '../../src/server/http/static-files.ts';
import { signingProblemMessages } from '../../src/shared/domain/banking.ts';
import { checkoutBody, origin, postCheckout } from './checkout-helpers.ts';
import { listen, rawExchange } from './http-server.ts';
import { admin, buildLeaseTestApp, companyInfo, createOffer, pdfText, post, sign, signedOffer, submitInfo, validBanking } from './lease-fixtures.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';

const roomy = { max: 1_000_000, windowMs: 60_000 };
const roomyLimits = { ...defaultRateLimits, browse: roomy, leaseGuess: roomy, offer: roomy, checkout: roomy };

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header is valid and whose image data is not zlib at all: what took the server down. */
function pngWithBrokenData(): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40, 0);
  header.writeUInt32BE(20, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('this is not zlib data, whatever the header says')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A grey-level PNG, as another encoder might write it: still a signature. */
function greyPng(width: number, height: number): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([0, 0, 0, i % 7 === 0 ? 0 : 255], i * 4);
  return `data:image/png;base64,${PNG.sync.write(png, { colorType: 0 }).toString('base64')}`;
}

function decodeStored(dataUrl: string) {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  return { bitDepth: png[24], colorType: png[25], image: PNG.sync.read(png) };
}

describe(`signatures: only an image the server encoded is kept or drawn (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildLeaseTestApp();
  });
  afterAll(() => t.close());

  async function readyOffer(): Promise<string> {
    const { code } = await createOffer(t);
    expect((await submitInfo(t, code)).status).toBe(200);
    return code;
  }
  const storedSignature = async (code: string) =>
    (await sql<{ signature_png: string }>`select s.signature_png from lease_signatures s join lease_offers o on o.id = s.offer_id
      where o.code_hash = encode(sha256(convert_to(${code}, 'UTF8')), 'hex')`.execute(t.db)).rows[0]!.signature_png;

  it.each([
    ['a valid header over data that is not zlib', pngWithBrokenData()],
    ['a PNG cut off half-way', drawSignaturePng(300, 120, [[[10, 10], [290, 110]]]).slice(0, 200)],
    ['a PNG that claims 4096 × 4096 pixels', (() => {
      const header = Buffer.alloc(13);
      header.writeUInt32BE(4096, 0);
      header.writeUInt32BE(4096, 4);
      header.set([8, 6, 0, 0, 0], 8);
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
      return `data:image/png;base64,${png.toString('base64')}`;
    })()],
  ])('refuses %s at signing with "Please provide your signature", and stores nothing', async (_label, signature) => {
    const code = await readyOffer();
    const res = await sign(t, code, { signature, banking: validBanking });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: signingProblemMessages.signatureMissing });
    const again = await t.app.request(`/public-api/lease-offers/${code}`);
    expect(((await again.json()) as { offer: { status: string } }).offer.status).toBe('contract_generated');
  });

  it('stores the signature re-encoded by the server as 8-bit RGBA, scaled down to fit its box', async () => {
    const code = await readyOffer();
    const wide = drawSignaturePng(3000, 1200, [[[100, 600], [2900, 650]]]);
    expect((await sign(t, code, { signature: wide, banking: validBanking })).status).toBe(200);
    const stored = decodeStored(await storedSignature(code));
    expect([stored.bitDepth, stored.colorType]).toEqual([8, 6]);
    expect(stored.image.width).toBeLessThanOrEqual(storedSignatureBox.width);
    expect(stored.image.height).toBeLessThanOrEqual(storedSignatureBox.height);
    expect(stored.image.width).toBe(1500);
    // The stroke survives the scaling: some pixels are ink.
    expect(stored.image.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);

    const grey = await readyOffer();
    expect((await sign(t, grey, { signature: greyPng(200, 80), banking: validBanking })).status).toBe(200);
    const fromGrey = decodeStored(await storedSignature(grey));
    expect([fromGrey.bitDepth, fromGrey.colorType, fromGrey.image.width, fromGrey.image.height]).toEqual([8, 6, 200, 80]);
  });

  it('an agreement stored earlier with a broken image still downloads, without the image and with a note, and the server stays up', async () => {
    const code = await signedOffer(t);
    await sql`update lease_signatures set signature_png = ${pngWithBrokenData()}
      where offer_id = (select id from lease_offers where code_hash = encode(sha256(convert_to(${code}, 'UTF8')), 'hex'))`.execute(t.db);
    for (const language of ['en', 'fr'] as const) {
      const res = await t.app.request(`/public-api/lease-offers/${code}/download-pdf?language=${language}`);
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const { agreementPdf } = await import('../../src/server/lease/agreement-pdf.ts');
    const { findOfferByCode } = await import('../../src/server/lease/lease-offers.ts');
    const offer = (await findOfferByCode(t.db, code))!;
    const text = pdfText(await agreementPdf({ offer, language: 'en', banking: null, generatedAt: new Date(), compress: false }));
    expect(text).toContain('The drawn signature on file cannot be reproduced here');
    // Give png decoding's callbacks a turn: the broken image must not surface later either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.app.request('/public-api/offices/available')).status).toBe(200);
  });
});

describe(`one body limit in front of every route (${backend})`, () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let code: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: roomyLimits } });
    server = await listen(t);
    code = (await createOffer(t)).code;
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  const big = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(bytes) });
  it.each([
    ['checkout', '/public-api/stripe/create-checkout-session', 70_000, 64],
    ['the webhook', '/public-api/stripe/webhook', 600_000, 512],
    ['the waitlist', '/public-api/waitlist', 70_000, 64],
    ['submit-info', 'submit-info', 70_000, 64],
    ['signing', 'complete-signing', 1_100_000, 1024],
    ['staff offer creation', '/admin-api/lease-offers', 70_000, 64],
  ])('%s: a body over the limit gets 413 JSON and Connection: close', async (_label, route, bytes, limitKb) => {
    const path = route.startsWith('/') ? route : `/public-api/lease-offers/${code}/${route}`;
    const res = await t.app.request(path, { method: 'POST', headers: route.startsWith('/admin') ? admin : { 'content-type': 'application/json' }, body: big(bytes) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ success: false, error: `The request body is too large (at most ${limitKb} KB)` });
  });

  it('answers a declared 100 MB body at once, unread, and closes the connection', async () => {
    let chunks = 0;
    const head = 'POST /public-api/stripe/create-checkout-session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n';
    const got = await rawExchange(server.port, head, () => (chunks++ < 1600 ? 'x'.repeat(65_536) : null));
    expect(got.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(got.text.toLowerCase()).toContain('connection: close');
    expect(got.text).toContain('"error":"The request body is too large (at most 64 KB)"');
    expect(got.closedByServer).toBe(true);
    // What the kernel buffers before the close, not the 100 MB: the server never read them.
    expect(got.bytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it('stops a streamed body that never ends once it crosses the limit, and closes the connection', async () => {
    const piece = 'x'.repeat(16_384);
    const head = 'POST /public-api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const got = await rawExchange(server.port, head, () => `${piece.length.toString(16)}\r\n${piece}\r\n`);
    expect(got.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(got.text.toLowerCase()).toContain('connection: close');
    expect(got.closedByServer).toBe(true);
    expect(got.bytesSent).toBeLessThan(32 * 1024 * 1024);
  });

  it('tells a kept-alive client its socket ends after a 413, so its next request is not lost', async () => {
    const body = big(70_000);
    const head = `POST /public-api/waitlist HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    let sent = false;
    const got = await rawExchange(server.port, head, () => {
      if (sent) return null;
      sent = true;
      return body;
    });
    expect(got.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(got.text.toLowerCase()).toContain('connection: close');
    expect(got.closedByServer).toBe(true);
    // A fresh connection is served as usual.
    expect((await fetch(`http://127.0.0.1:${server.port}/public-api/offices/available`)).status).toBe(200);
  });
});

describe(`control characters and malformed addresses get 4xx, never 500 (${backend})`, () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coworking-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    t = await buildTestApp({ config: { rateLimits: roomyLimits }, deps: { staticSite: new StaticSite(dir) } });
    code = (await createOffer(t)).code;
  });
  afterAll(() => t.close());

  const controls = ['\u0000', '\u0007', '\u001b', '\n', '\u007f', '\ud800'];

  it('checkout: every text field, with the field named', async () => {
    const base = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' });
    const fields: [string, (body: Record<string, unknown>, value: string) => void][] = [
      ['officeId', (b, v) => (b.officeId = `CONF${v}A`)],
      ['officeDetails.office_id', (b, v) => ((b.officeDetails as Record<string, unknown>).office_id = `CONF${v}`)],
      ['officeDetails.name', (b, v) => ((b.officeDetails as Record<string, unknown>).name = `Room${v}`)],
      ['officeDetails.service_type', (b, v) => ((b.officeDetails as Record<string, unknown>).service_type = `conference${v}`)],
      ['pricing.dailyBookings.0', (b, v) => ((b.pricing as Record<string, unknown>).dailyBookings = [`2026-11-25${v}`])],
      ['successUrl', (b, v) => (b.successUrl = `${origin}/checkout${v}-success`)],
      ['cancelUrl', (b, v) => (b.cancelUrl = `${origin}/#conf${v}`)],
      ['locale', (b, v) => (b.locale = `fr${v}`)],
    ];
    for (const [field, set] of fields) {
      for (const control of controls) {
        const body = structuredClone(base) as unknown as Record<string, unknown>;
        set(body, control);
        const res = await postCheckout(t, body);
        expect(res.status, `${field} with U+${control.charCodeAt(0).toString(16)}`).toBe(400);
        expect(((await res.json()) as { error: string }).error).toContain(field);
      }
    }
  });

  it('the waitlist: every text field, with the field named', async () => {
    const offices = ((await (await t.app.request('/public-api/offices/available')).json()) as { data: { offices: { id: number; service_type: string; is_available: boolean }[] } }).data.offices;
    const occupied = offices.find((o) => !o.is_available && o.service_type === 'dedicated_office')!;
    const valid = { customer_name: 'Ana Lima', email: 'ana@example.com', phone: '514-555-0101', number_of_users: 2, desired_start_date: '2026-12-01', service_offering_ids: [occupied.id] };
    const cases: [string, Record<string, unknown>, RegExp][] = [];
    for (const control of controls) {
      cases.push(
        ['customer_name', { customer_name: `Ana${control}Lima` }, /^Name /],
        ['email', { email: `ana${control}@example.com` }, /e-mail/],
        ['phone', { phone: `514${control}555` }, /^Phone number /],
        ['service_offering_ids', { service_offering_ids: [`OFF${control}X`] }, /^Offices /],
        ['desired_start_date', { desired_start_date: `2026-12-01${control}` }, /^Desired start date /],
      );
    }
    for (const [field, change, message] of cases) {
      const res = await post(t, '/public-api/waitlist', { ...valid, ...change });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    const count = await t.db.selectFrom('waitlist_entries').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('submit-info and staff offer creation: every text field, with the field named', async () => {
    for (const field of Object.keys(companyInfo)) {
      for (const control of controls) {
        const res = await submitInfo(t, code, { ...companyInfo, [field]: `QC${control}x` });
        expect(res.status, field).toBe(400);
        expect(((await res.json()) as { error: string }).error).toContain(field);
      }
    }
    const offer = { email: 'tenant@example.com', office_ids: ['OFF-101'], start_date: '2026-12-01', monthly_rate: 1200 };
    const staffFields: [string, Record<string, unknown>][] = [
      ['email', { email: 'ten\u0000ant@example.com' }],
      ['company_name', { company_name: 'Acme\u0000' }],
      ['contact_name', { contact_name: 'Jeanne\u001b[31m' }],
      ['office_ids', { office_ids: ['OFF-101\u0000'] }],
      ['start_date', { start_date: '2026-12-01\u0000' }],
      ['expires_at', { expires_at: '2026-12-20\u0000' }],
    ];
    for (const [field, change] of staffFields) {
      const res = await post(t, '/admin-api/lease-offers', { ...offer, ...change }, admin);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(field);
    }
  });

  it('a calendar query or a session id with a NUL is refused as a format, before any query runs', async () => {
    expect((await t.app.request('/public-api/calendar/availability?officeId=CONF%00A&startDate=2026-12-01&endDate=2026-12-31')).status).toBe(400);
    for (const [method, path] of [
      ['GET', '/public-api/test-checkout/%00'],
      ['POST', '/public-api/test-checkout/%00/pay'],
      ['POST', '/public-api/test-checkout/%00/cancel'],
      ['GET', '/public-api/test-checkout/test_cs_%00abcdef'],
      ['GET', '/public-api/orders/%00abcdefgh'],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it.each([
    '/%',
    '/%E0%A4%A',
    '/%C0',
    '/%ZZ',
    '/%00',
    '/x%0ay',
    '/lease/%C0',
    '/lease/%E0%A4%A',
    '/checkout-success%',
    '/waitlist/%E2%82',
    '/assets/%ff.js',
    '/public-api/%',
    '/public-api/offices/%ff',
    '/public-api/offices/available%',
    '/public-api/lease-offers/%E0%A4%A',
    '/public-api/lease-offers/%E0%A4%A/contract-data',
    '/public-api/lease-offers/abc%00def/download-pdf',
    '/public-api/orders/%ZZ',
    '/public-api/calendar/availability%',
    '/public-api/test-checkout/%',
    '/public-api/test-checkout/%C0%80/pay',
    '/admin-api/lease-offers/%E0/expire',
  ])('%s answers 400 or 404, never 500', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await t.app.request(path, { method, headers: { authorization: admin.authorization } });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe(`successUrl and cancelUrl stay on the site (${backend})`, () => {
  it.each([
    ['another origin', 'https://attacker.example/checkout-success'],
    ['a look-alike host', 'http://localhost.attacker.example:5173/x'],
    ['credentials before the host', 'http://localhost:5173@attacker.example/'],
    ['another port', 'http://localhost:5174/checkout-success'],
    ['another scheme', 'https://localhost:5173/checkout-success'],
  ])('refuses %s with 400, holding nothing', async (_label, url) => {
    const t = await buildTestApp();
    try {
      const body = await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' });
      const res = await postCheckout(t, { ...body, successUrl: url });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Invalid checkout request: successUrl must be an address on this site (http://localhost:5173)');
      const cancel = await postCheckout(t, { ...body, cancelUrl: 'https://attacker.example/cancel' });
      expect(cancel.status).toBe(400);
      expect(((await cancel.json()) as { error: string }).error).toContain('cancelUrl must be an address on this site');
      const holds = await t.db.selectFrom('orders').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(Number(holds.n)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("without PUBLIC_ORIGIN, the request's own origin is the site; with it, each listed origin (a PWA on a CDN) is", async () => {
    const own = await buildTestApp({ config: { publicOrigins: [] } });
    try {
      const body = await checkoutBody(own, 'CONF-A', { product: 'conference_room', date: '2026-11-25' });
      const elsewhere = await postCheckout(own, body);
      expect(elsewhere.status).toBe(400);
      expect(((await elsewhere.json()) as { error: string }).error).toContain('(http://localhost)');
      const same = { ...body, successUrl: 'http://localhost/checkout-success', cancelUrl: 'http://localhost/#conference' };
      expect((await postCheckout(own, same)).status).toBe(200);
    } finally {
      await own.close();
    }
    const listed = await buildTestApp({ config: { publicOrigins: ['https://book.example.com', 'https://cdn.example.net'] } });
    try {
      const body = await checkoutBody(listed, 'CONF-B', { product: 'conference_room', date: '2026-11-26' });
      const onCdn = { ...body, successUrl: 'https://cdn.example.net/checkout-success', cancelUrl: 'https://book.example.com/#conference' };
      const res = await postCheckout(listed, onCdn);
      expect(res.status).toBe(200);
      // The test checkout's Cancel then sends the visitor back there, and only there.
      const sessionId = ((await res.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
      const cancel = await listed.app.request(`/public-api/test-checkout/${sessionId}/cancel`, { method: 'POST' });
      expect(cancel.status).toBe(303);
      expect(cancel.headers.get('location')).toBe('https://book.example.com/#conference');
    } finally {
      await listed.close();
    }
  });
});

describe(`behind proxies, the client is the address the nearest proxy saw (${backend})`, () => {
  it('TRUST_PROXY=1: rotating the leftmost X-Forwarded-For entry does not get past the checkout limit', async () => {
    const t = await buildTestApp({ config: { trustedProxies: 1, rateLimits: { ...defaultRateLimits, checkout: { max: 3, windowMs: 60_000 } } } });
    try {
      const body = await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.request('/public-api/stripe/create-checkout-session', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i}.${i}, 203.0.113.50` },
          body: JSON.stringify(body),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY=2 takes the entry two hops from the right; the audit trail records that address', async () => {
    const t = await buildLeaseTestApp({ config: { trustedProxies: 2 } });
    try {
      const { code } = await createOffer(t);
      await submitInfo(t, code);
      // forged, then the client as the outer proxy saw it, then the outer proxy as the inner one saw it.
      const res = await sign(t, code, undefined, { 'x-forwarded-for': '6.6.6.6, 198.51.100.77, 10.0.0.2' });
      expect(res.status).toBe(200);
      const row = await sql<{ ip_address: string }>`select ip_address from lease_signatures`.execute(t.db);
      expect(row.rows[0]!.ip_address).toBe('198.51.100.77');
      const pdf = await t.app.request(`/public-api/lease-offers/${code}/download-pdf?language=en`);
      const { findOfferByCode } = await import('../../src/server/lease/lease-offers.ts');
      expect((await findOfferByCode(t.db, code))!.signature!.ip_address).toBe('198.51.100.77');
      expect(pdf.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('an IPv6 client is counted by its /64: rotating the rest of the address gives no fresh budget', async () => {
    const t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, checkout: { max: 2, windowMs: 60_000 } } } });
    try {
      const body = await checkoutBody(t, 'MAILBOX-BASIC', { product: 'mailbox' });
      const from = (ip: string) => postCheckout(t, body, ip);
      expect((await from('2001:db8:1:2::1')).status).toBe(200);
      expect((await from('2001:db8:1:2:ffff:1:2:3')).status).toBe(200);
      expect((await from('2001:0db8:0001:0002:0:0:0:9')).status).toBe(429);
      expect((await from('2001:db8:1:3::1')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe(`the log: data, not format strings; no personal data (${backend})`, () => {
  let lines: string[];
  afterEach(() => vi.restoreAllMocks());
  function captureStderr() {
    lines = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  }

  it('logs a failed request as one JSON line: the path as data (tokens masked), never its query parameters', async () => {
    const t = await buildTestApp({ config: { rateLimits: roomyLimits } });
    try {
      const { code } = await createOffer(t, { email: 'tenant@example.com' });
      await submitInfo(t, code);
      // Any failure inside a route will do: here the offer's signature table is gone.
      await sql`alter table lease_signatures rename to lease_signatures_gone`.execute(t.db);
      captureStderr();
      const res = await t.app.request(`/public-api/lease-offers/${code}/contract-data%25c%0aFAKE?language=en`);
      const direct = await t.app.request(`/public-api/lease-offers/${code}/contract-data?language=en`);
      vi.restoreAllMocks();
      expect([res.status, direct.status]).toContain(500);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const line of lines) {
        expect(line.endsWith('\n')).toBe(true);
        expect(line.slice(0, -1)).not.toContain('\n');
        const entry = JSON.parse(line) as { level: string; event: string; path: string; method: string; error: string };
        expect(entry).toMatchObject({ level: 'error', event: 'request.failed', method: 'GET' });
        expect(entry.path).not.toContain(code);
        expect(entry.path).toContain(`${code.slice(0, 4)}…`);
      }
    } finally {
      await t.close();
    }
  });

  it('a database error with personal data in its parameters logs none of it', async () => {
    const t = await buildTestApp({ config: { rateLimits: roomyLimits } });
    try {
      // Make the insert fail inside the database, after validation passed.
      await sql`alter table waitlist_entries add constraint refuses_this_person check (customer_name <> 'Zoé Confidentielle')`.execute(t.db);
      const offices = ((await (await t.app.request('/public-api/offices/available')).json()) as { data: { offices: { id: number; service_type: string; is_available: boolean }[] } }).data.offices;
      const occupied = offices.find((o) => !o.is_available && o.service_type === 'dedicated_office')!;
      captureStderr();
      const res = await post(t, '/public-api/waitlist', { customer_name: 'Zoé Confidentielle', email: 'zoe.secret@example.com', phone: '514-555-0177', number_of_users: 1, service_offering_ids: [occupied.id] });
      vi.restoreAllMocks();
      expect(res.status).toBe(500);
      const log = lines.join('');
      expect(log).toContain('"event":"request.failed"');
      expect(log).toContain('refuses_this_person');
      for (const secret of ['Zoé', 'Confidentielle', 'zoe.secret', '514-555-0177']) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
