import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';
import { companyInfo, createOffer, sign, submitInfo } from './lease-fixtures.ts';

const lookup = (t: TestApp, code: string, ip: string) => t.app.request(`/public-api/lease-offers/${code}`, { headers: { 'x-forwarded-for': ip } });
const guess = () => randomBytes(18).toString('base64url');

describe(`guessing lease codes (${backend})`, () => {
  let t: TestApp;
  let realCode: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 1_000_000, windowMs: 60_000 }, leaseGuess: { max: 100, windowMs: 60_000 } } } });
    realCode = (await createOffer(t)).code;
  });
  afterAll(() => t.close());

  it('10,000 random codes open nothing', async () => {
    const statuses = new Map<number, number>();
    // 100 clients of 100 guesses each: every guess is looked up, none passes the limit.
    for (let client = 0; client < 100; client++) {
      const ip = `198.18.${Math.floor(client / 250)}.${client % 250}`;
      const answers = await Promise.all(Array.from({ length: 100 }, () => lookup(t, guess(), ip)));
      for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 404: 10_000 });
    expect((await lookup(t, realCode, '198.18.9.9')).status).toBe(200);
  }, 120_000);

  it('guesses sent all at once are counted before they are looked up: no more than the limit get an answer', async () => {
    const ip = '198.19.0.9';
    const answers = await Promise.all(Array.from({ length: 250 }, () => lookup(t, guess(), ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
  });

  it('one client passing the guessing limit gets 429 with Retry-After, even for a real code', async () => {
    const ip = '198.19.0.1';
    for (let i = 0; i < 100; i++) expect((await lookup(t, guess(), ip)).status).toBe(404);
    const limited = await lookup(t, guess(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect((await limited.json()).success).toBe(false);
    expect((await lookup(t, realCode, ip)).status).toBe(429);
    expect((await lookup(t, realCode, '198.19.0.2')).status).toBe(200);
  });
});

describe(`the default lease limits (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${defaultRateLimits.leaseGuess.max} unknown codes a minute per client, then 429`, async () => {
    const ip = '198.19.1.1';
    const { code } = await createOffer(t);
    for (let i = 0; i < defaultRateLimits.leaseGuess.max; i++) expect((await lookup(t, guess(), ip)).status).toBe(404);
    const limited = await lookup(t, guess(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The rest of the API keeps its own, looser limit.
    expect((await t.app.request('/public-api/offices/available', { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
    expect((await lookup(t, code, '198.19.1.2')).status).toBe(200);
  });

  it('a front desk walking three tenants through their offers in a minute is never throttled', async () => {
    // One shared public address, three offers, every call of the flow in both languages, twice over.
    const ip = '198.19.2.1';
    const at = { 'x-forwarded-for': ip };
    for (let tenant = 0; tenant < 3; tenant++) {
      const { code } = await createOffer(t, { email: `tenant${tenant}@example.com` });
      const calls: (() => Response | Promise<Response>)[] = [];
      for (let round = 0; round < 2; round++) {
        calls.push(
          () => lookup(t, code, ip),
          () => submitInfo(t, code, companyInfo, at),
          () => t.app.request(`/public-api/lease-offers/${code}/contract-data?language=en`, { headers: at }),
          () => t.app.request(`/public-api/lease-offers/${code}/contract-data?language=fr`, { headers: at }),
        );
      }
      calls.push(
        () => sign(t, code, undefined, at),
        () => t.app.request(`/public-api/lease-offers/${code}/download-pdf?language=en`, { headers: at }),
        () => t.app.request(`/public-api/lease-offers/${code}/download-pdf?language=fr`, { headers: at }),
        () => lookup(t, code, ip),
      );
      for (const call of calls) expect((await call()).status).toBe(200);
    }
    // 3 × 12 = 36 calls from one address, past the 30 a minute that used to count them all.
    expect(defaultRateLimits.leaseGuess.max).toBeLessThan(36);
  });

  it('a flood on one valid code meets its own guard, which no other offer shares', async () => {
    const flooded = buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 1_000_000, windowMs: 60_000 }, offer: { max: 50, windowMs: 60_000 } } } });
    const f = await flooded;
    try {
      const one = await createOffer(f, { email: 'one@example.com' });
      const other = await createOffer(f, { email: 'other@example.com' });
      for (let i = 0; i < 50; i++) expect((await lookup(f, one.code, `198.19.3.${i % 200}`)).status).toBe(200);
      const limited = await lookup(f, one.code, '198.19.4.1');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await lookup(f, other.code, '198.19.4.1')).status).toBe(200);
      // A flood with a real code is not a guess: the address may still open other offers.
      expect((await lookup(f, guess(), '198.19.4.1')).status).toBe(404);
    } finally {
      await f.close();
    }
  });
});
