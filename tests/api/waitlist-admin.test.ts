import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { waitlistListResponse } from '../../src/shared/contract/waitlist.ts';
import { adminToken, appAdminClient, backend, buildTestApp, waitlistEntryFor, type TestApp } from './test-app.ts';

async function cli(t: TestApp, argv: string[], token?: string): Promise<string[]> {
  const lines: string[] = [];
  await runCli(argv, appAdminClient(t, token), (line) => lines.push(line));
  return lines;
}

describe(`staff waitlist: GET /admin-api/waitlist and npm run admin -- waitlist list (${backend})`, () => {
  let t: TestApp;
  let officeIds: { id: number; office_id: string }[];

  beforeAll(async () => {
    t = await buildTestApp();
    officeIds = await t.db
      .selectFrom('offices')
      .select(['id', 'office_id'])
      .where('service_type', 'in', ['dedicated_office', 'parking_spot'])
      .where('is_available', '=', false)
      .orderBy('id')
      .execute();
    const send = (body: Record<string, unknown>) =>
      t.app.request('/public-api/waitlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const first = await send({ ...waitlistEntryFor([officeIds[0]!.id, officeIds[1]!.id]), budget_max: 1500 });
    expect(first.status).toBe(201);
    const second = await send({ customer_name: 'Luc Tremblay', email: 'luc@example.com', number_of_users: 1, service_offering_ids: [officeIds[2]!.id] });
    expect(second.status).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses the list without the admin token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: adminToken }] as Record<string, string>[]) {
      const res = await t.app.request('/admin-api/waitlist', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, error: headers.authorization?.startsWith('Bearer ') ? 'A valid admin token is required' : 'Please sign in to continue' });
    }
  });

  it('lists every entry, newest first, with its offices in the order chosen', async () => {
    const res = await t.app.request('/admin-api/waitlist', { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { entries } = waitlistListResponse.parse(await res.json()).data;
    expect(entries.map((e) => e.customer_name)).toEqual(['Luc Tremblay', 'Émilie Gagnon']);
    expect(entries[0]).toMatchObject({ phone: null, budget_min: null, budget_max: null, desired_start_date: null, number_of_users: 1 });
    expect(entries[1]!.offices.map((o) => o.office_id)).toEqual([officeIds[0]!.office_id, officeIds[1]!.office_id]);
  });

  it('takes a limit, and refuses a bad one', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const one = waitlistListResponse.parse(await (await t.app.request('/admin-api/waitlist?limit=1', { headers: auth })).json());
    expect(one.data.entries.map((e) => e.customer_name)).toEqual(['Luc Tremblay']);
    for (const limit of ['0', '1001', 'abc', '1.5']) {
      const res = await t.app.request(`/admin-api/waitlist?limit=${limit}`, { headers: auth });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'limit must be a whole number from 1 to 1000' });
    }
  });

  it('prints the entries as a table', async () => {
    const lines = await cli(t, ['waitlist', 'list']);
    expect(lines[0]).toMatch(/^id\s+received\s+name\s+email\s+phone\s+users\s+budget\s+start\s+state\s+offices\s*$/);
    expect(lines[1]).toMatch(/^-+(\s+-+){9}$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('Luc Tremblay');
    expect(lines[3]).toContain('Émilie Gagnon');
    expect(lines[3]).toContain('2026-11-23 14:00 UTC');
    expect(lines[3]).toContain('$900–$1,500');
    expect(lines[3]).toContain('2027-01-04');
    // Each office with the place in line (each entry is the first and only one waiting for its offices).
    expect(lines[3]).toMatch(/\swaiting\s/);
    expect(lines[3]).toContain(`${officeIds[0]!.office_id} (#1), ${officeIds[1]!.office_id} (#1)`);
  });

  it('prints the entries as JSON with --json', async () => {
    const lines = await cli(t, ['waitlist', 'list', '--json']);
    const entries = JSON.parse(lines.join('\n')) as { customer_name: string; budget_max: number | null }[];
    expect(entries.map((e) => [e.customer_name, e.budget_max])).toEqual([
      ['Luc Tremblay', null],
      ['Émilie Gagnon', 1500],
    ]);
  });

  it('says the token is refused when it is wrong, and shows usage for an unknown command', async () => {
    await expect(cli(t, ['waitlist', 'list'], 'not-the-token')).rejects.toThrow('401: A valid admin token is required');
    await expect(cli(t, ['waitlist', 'nothing'])).rejects.toThrow(/npm run admin -- waitlist list/);
  });
});
