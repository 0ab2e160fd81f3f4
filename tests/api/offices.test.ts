import { defaultRateLimits } from '../../src/server/deps.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import { availabilityCategory } from '../../src/shared/domain/availability.ts';
import { serviceTypes } from '../../src/shared/domain/products.ts';
import { spaceToday } from '../../src/shared/domain/zoned-time.ts';
import { backend, buildTestApp, testNow, type TestApp } from './test-app.ts';

describe(`GET /public-api/offices/available (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers SPEC call 3: success, data.offices with every field, data.lastUpdated', async () => {
    const res = await t.app.request('/public-api/offices/available');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    const parsed = officesResponse.parse(body);
    expect(parsed.success).toBe(true);
    const offices = parsed.data!.offices;
    expect(offices.length).toBeGreaterThan(20);
    for (const o of offices) {
      expect(Object.keys(o).sort()).toEqual(
        ['base_monthly_rate', 'id', 'is_available', 'location_code', 'name', 'next_available_date', 'office_id', 'seating_capacity', 'service_code', 'service_type'].sort(),
      );
      if (o.base_monthly_rate !== null) expect(o.base_monthly_rate).toMatch(/^\d+\.\d{2}$/);
      if (o.next_available_date) expect(o.next_available_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(Number.isNaN(Date.parse(parsed.data!.lastUpdated))).toBe(false);
  });

  it('routes every request with Hono’s RegExpRouter: no route of the server is one it cannot take', async () => {
    // A route such as '/:id{[0-9]+}' beside '/:code', or a literal beside a parameter, makes Hono
    // fall back to its TrieRouter for every request: about a fifth fewer answers a second for the list.
    await t.app.request('/public-api/offices/available');
    expect(t.app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('seeds every service type, the mailbox plans and every availability category', async () => {
    const body = officesResponse.parse(await (await t.app.request('/public-api/offices/available')).json());
    const offices = body.data!.offices;
    expect(new Set(offices.map((o) => o.service_type))).toEqual(new Set(serviceTypes));
    const codes = offices.map((o) => o.office_id);
    for (const code of ['MAILBOX-BASIC', 'MAILBOX-SCAN', 'MAILBOX-FORWARD', 'MAILBOX-PREMIUM', 'VIRTUAL-BASIC']) expect(codes).toContain(code);
    const today = spaceToday(testNow);
    const seen = new Set(
      offices.map((o) => availabilityCategory({ is_available: o.is_available, next_available_date: o.next_available_date ?? null }, today)),
    );
    expect(seen).toEqual(new Set(['available_now', 'indefinite', 'available_soon', 'available_later', 'available_medium_term', 'long_term_lease']));
  });

  it('sets the security headers of docs/architecture.md §5', async () => {
    const res = await t.app.request('/public-api/offices/available');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    for (const path of ['/public-api/nothing-here', '/public-api/offices/unknown', '/admin-api/nothing']) {
      const res = await t.app.request(path, { headers: { authorization: 'Bearer test-admin-token-0123456789abcdef' } });
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toMatchObject({ success: false });
      expect(typeof body.error).toBe('string');
    }
  });

  it('refuses staff endpoints without a session or the admin token', async () => {
    const res = await t.app.request('/admin-api/anything');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Please sign in to continue' });
  });
});

describe(`rate limiting (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimits: { ...defaultRateLimits, browse: { max: 3, windowMs: 60_000 }, checkout: { max: 3, windowMs: 60_000 } } } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a client passes the limit, and counts clients apart', async () => {
    const from = (ip: string) => t.app.request('/public-api/offices/available', { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.5')).status).toBe(200);
    const limited = await from('203.0.113.5');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ success: false });
    expect((await from('203.0.113.6')).status).toBe(200);
  });
});
