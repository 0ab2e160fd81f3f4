import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../src/server/app.ts';
import { backend, buildTestApp, type TestApp } from './test-app.ts';
import { createOffer } from './lease-fixtures.ts';

const lookup = (t: TestApp, code: string, ip: string) => t.app.request(`/public-api/lease-offers/${code}`, { headers: { 'x-forwarded-for': ip } });

describe(`guessing lease codes (${backend})`, () => {
  let t: TestApp;
  let realCode: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 1_000_000, windowMs: 60_000 }, lease: { max: 100, windowMs: 60_000 } } } });
    realCode = (await createOffer(t)).code;
  });
  afterAll(() => t.close());

  it('10,000 random codes open nothing', async () => {
    const statuses = new Map<number, number>();
    // 100 clients of 100 guesses each: every guess is looked up, none passes the limit.
    for (let client = 0; client < 100; client++) {
      const ip = `198.18.${Math.floor(client / 250)}.${client % 250}`;
      const answers = await Promise.all(Array.from({ length: 100 }, () => lookup(t, randomBytes(18).toString('base64url'), ip)));
      for (const res of answers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 404: 10_000 });
    expect((await lookup(t, realCode, '198.18.9.9')).status).toBe(200);
  }, 120_000);

  it('one client passing the lease limit gets 429 with Retry-After, even for a real code', async () => {
    const ip = '198.19.0.1';
    for (let i = 0; i < 100; i++) expect((await lookup(t, randomBytes(18).toString('base64url'), ip)).status).toBe(404);
    const limited = await lookup(t, randomBytes(18).toString('base64url'), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect((await limited.json()).success).toBe(false);
    expect((await lookup(t, realCode, ip)).status).toBe(429);
    expect((await lookup(t, realCode, '198.19.0.2')).status).toBe(200);
  });
});

describe(`the default lease limit (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${defaultRateLimits.lease.max} lease calls a minute per client, across every lease call`, async () => {
    const ip = '198.19.1.1';
    const { code } = await createOffer(t);
    for (let i = 0; i < defaultRateLimits.lease.max; i++) {
      const path = i % 2 === 0 ? `/public-api/lease-offers/${randomBytes(18).toString('base64url')}` : `/public-api/lease-offers/${code}/contract-data`;
      expect((await t.app.request(path, { headers: { 'x-forwarded-for': ip } })).status).not.toBe(429);
    }
    expect((await lookup(t, code, ip)).status).toBe(429);
    // The rest of the API keeps its own, looser limit.
    expect((await t.app.request('/public-api/offices/available', { headers: { 'x-forwarded-for': ip } })).status).toBe(200);
  });
});
