import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { staffOrdersResponse } from '../../src/shared/contract/staff-orders.ts';
import { checkoutBody, checkoutOk, payTestCheckout } from './checkout-helpers.ts';
import { adminToken, appAdminClient, backend, buildTestApp, testNow, type TestApp } from './test-app.ts';

const auth = { authorization: `Bearer ${adminToken}` };

async function list(t: TestApp, search = '') {
  const res = await t.app.request(`/admin-api/orders${search}`, { headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return staffOrdersResponse.parse(await res.json()).data.orders;
}

describe(`staff orders: GET /admin-api/orders and npm run admin -- orders list (${backend})`, () => {
  let t: TestApp;
  // Each checkout a minute after the one before, so 'newest first' has an order to show.
  let now = testNow;
  const later = () => (now = new Date(now.getTime() + 60_000));

  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => now } });
    later();
    const room = await checkoutOk(t, await checkoutBody(t, 'CONF-A', { product: 'conference_room', date: '2026-11-25' }));
    later();
    await payTestCheckout(t, room.sessionId);
    later();
    await checkoutOk(t, await checkoutBody(t, 'OFF-101', { product: 'office_daily', dates: ['2026-11-24', '2026-11-26'] }));
    later();
    const desk = await checkoutOk(t, await checkoutBody(t, 'DSK-01', { product: 'standard' }));
    await t.app.request(`/public-api/test-checkout/${desk.sessionId}/cancel`, { method: 'POST' });
  });
  afterAll(() => t.close());

  it('refuses the list without the admin token', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Record<string, string>[]) {
      const res = await t.app.request('/admin-api/orders', { headers });
      expect(res.status).toBe(401);
    }
  });

  it('lists every order, newest first: status, unit, days and total', async () => {
    const orders = await list(t);
    expect(orders.map((o) => [o.office_id, o.status])).toEqual([
      ['DSK-01', 'cancelled'],
      ['OFF-101', 'pending'],
      ['CONF-A', 'paid'],
    ]);
    const [desk, office, room] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    expect(room).toMatchObject({ product: 'conference_room', total: 402.41, start_date: '2026-11-25', days: ['2026-11-25'], created_at: '2026-11-23T14:01:00Z', paid_at: '2026-11-23T14:02:00Z' });
    expect(office).toMatchObject({ product: 'office_daily', days: ['2026-11-24', '2026-11-26'], paid_at: null });
    // A cancelled order holds nothing any more.
    expect(desk).toMatchObject({ product: 'standard', days: [] });
  });

  it('filters by status and limits the count, and refuses a status that does not exist', async () => {
    expect((await list(t, '?status=paid')).map((o) => o.office_id)).toEqual(['CONF-A']);
    expect((await list(t, '?limit=1')).map((o) => o.office_id)).toEqual(['DSK-01']);
    for (const search of ['?status=lost', '?limit=0', '?limit=many']) {
      const res = await t.app.request(`/admin-api/orders${search}`, { headers: auth });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^status must be one of pending, paid, cancelled, expired, failed/);
    }
  });

  it('prints a table, or JSON, on the command line', async () => {
    const lines: string[] = [];
    await runCli(['orders', 'list', '--status', 'paid'], appAdminClient(t), (line) => lines.push(line));
    expect(lines[0]).toMatch(/^created\s+status\s+unit\s+name\s+type\s+when\s+total\s+order\s+note\s*$/);
    expect(lines[2]).toMatch(/^2026-11-23 14:01 UTC\s+paid\s+CONF-A\s+Conference Room Saint-Laurent\s+\S+\s+2026-11-25\s+\$402\.41\s+[0-9a-f-]{36}\s*$/);
    expect(lines).toHaveLength(3);
    const json: string[] = [];
    await runCli(['orders', 'list', '--json'], appAdminClient(t), (line) => json.push(line));
    expect((JSON.parse(json.join('\n')) as unknown[]).length).toBe(3);
  });
});
