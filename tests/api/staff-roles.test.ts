import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli/cli.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { problemCodeHeader } from '../../src/shared/contract/common.ts';
import { staffAccount } from '../../src/shared/contract/staff.ts';
import { origin } from './checkout-helpers.ts';
import { adminToken, appAdminClient, backend, buildTestApp, testNow, type TestApp } from './test-app.ts';

/*
 * Staff roles (issue 32): a manager or staff. Managers alone give roles (adding a manager is
 * giving one); the admin token acts as a manager; a member's role travels with their session.
 */

const password = 'correct horse battery';

describe(`staff roles (${backend})`, () => {
  let t: TestApp;
  const cookies: Record<'manager' | 'staff', string> = { manager: '', staff: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    await addStaff(t.db, { email: 'mia@example.ca', name: 'Mia', role: 'manager', password }, testNow, 2 ** 10);
    await addStaff(t.db, { email: 'sam@example.ca', name: 'Sam', role: 'staff', password }, testNow, 2 ** 10);
    for (const [who, email] of [
      ['manager', 'mia@example.ca'],
      ['staff', 'sam@example.ca'],
    ] as const) {
      const res = await t.app.request('/admin-api/session', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email, password }) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { staff: { role: string } }).staff.role).toBe(who);
      cookies[who] = res.headers.get('set-cookie')!.split(';')[0]!;
    }
  });
  afterAll(() => t.close());

  function call(as: 'manager' | 'staff' | 'token', method: string, path: string, body?: unknown) {
    const auth: Record<string, string> = as === 'token' ? { authorization: `Bearer ${adminToken}` } : { cookie: cookies[as], origin };
    return t.app.request(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  it('tells the console who is signed in and as what', async () => {
    const res = await call('staff', 'GET', '/admin-api/session');
    expect(((await res.json()) as { staff: unknown }).staff).toMatchObject({ email: 'sam@example.ca', role: 'staff' });
  });

  it('makes a new account staff unless a manager says manager', async () => {
    const plain = await call('staff', 'POST', '/admin-api/staff', { email: 'new1@example.ca', password });
    expect(plain.status).toBe(201);
    expect(staffAccount.parse(((await plain.json()) as { account: unknown }).account).role).toBe('staff');

    const refused = await call('staff', 'POST', '/admin-api/staff', { email: 'new2@example.ca', password, role: 'manager' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get(problemCodeHeader)).toBe('managers_only');
    expect(await t.db.selectFrom('staff_accounts').select('id').where('email', '=', 'new2@example.ca').execute()).toEqual([]);

    const given = await call('manager', 'POST', '/admin-api/staff', { email: 'new3@example.ca', password, role: 'manager' });
    expect(given.status).toBe(201);
    expect(staffAccount.parse(((await given.json()) as { account: unknown }).account).role).toBe('manager');
  });

  it('lets only a manager or the admin token change a role, and audits it', async () => {
    const byStaff = await call('staff', 'POST', '/admin-api/staff/sam@example.ca/role', { role: 'manager' });
    expect(byStaff.status).toBe(403);
    expect(byStaff.headers.get(problemCodeHeader)).toBe('managers_only');
    expect((await t.db.selectFrom('staff_accounts').select('role').where('email', '=', 'sam@example.ca').executeTakeFirstOrThrow()).role).toBe('staff');

    const byManager = await call('manager', 'POST', '/admin-api/staff/new1@example.ca/role', { role: 'manager' });
    expect(byManager.status).toBe(200);
    expect(staffAccount.parse(((await byManager.json()) as { account: unknown }).account).role).toBe('manager');
    const audit = await t.db.selectFrom('staff_audit').select(['actor', 'details']).where('action', '=', 'staff_role_changed').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('mia@example.ca');

    expect((await call('token', 'POST', '/admin-api/staff/new1@example.ca/role', { role: 'staff' })).status).toBe(200);
    expect((await call('manager', 'POST', '/admin-api/staff/nobody@example.ca/role', { role: 'staff' })).status).toBe(404);
    const bad = await call('manager', 'POST', '/admin-api/staff/new1@example.ca/role', { role: 'owner' });
    expect(bad.status).toBe(400);
  });

  it('lets only a manager disable or reset a manager’s account (a member of staff could otherwise sign in as one)', async () => {
    for (const action of ['reset', 'disable']) {
      const res = await call('staff', 'POST', `/admin-api/staff/mia@example.ca/${action}`);
      expect(res.status, action).toBe(403);
      expect(res.headers.get(problemCodeHeader)).toBe('managers_only');
    }
    const mia = await t.db.selectFrom('staff_accounts').select(['disabled_at', 'set_password_hash']).where('email', '=', 'mia@example.ca').executeTakeFirstOrThrow();
    expect(mia).toEqual({ disabled_at: null, set_password_hash: null });
    // A member of staff still resets a fellow member's link, as before roles.
    expect((await call('staff', 'POST', '/admin-api/staff/new1@example.ca/reset')).status).toBe(200);
    expect((await call('manager', 'POST', '/admin-api/staff/new3@example.ca/reset')).status).toBe(200);
  });

  it('gives and shows roles on the command line', async () => {
    const lines: string[] = [];
    const client = appAdminClient(t);
    const print = (line: string) => void lines.push(line);
    await runCli(['staff', 'add', '--email', 'cli@example.ca', '--role', 'manager', '--link'], client, print);
    expect(lines.join('\n')).toContain('Staff account cli@example.ca created, as manager.');
    await runCli(['staff', 'role', 'cli@example.ca', '--role', 'staff'], client, print);
    expect(lines.join('\n')).toContain('Staff account cli@example.ca is now a staff.');
    await expect(runCli(['staff', 'role', 'cli@example.ca', '--role', 'owner'], client, print)).rejects.toThrow('--role manager|staff');
    lines.length = 0;
    await runCli(['staff', 'list'], client, print);
    expect(lines.join('\n')).toMatch(/cli@example\.ca\s.*staff/);
  });
});
