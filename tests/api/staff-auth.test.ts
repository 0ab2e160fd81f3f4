import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { runCli } from '../../src/server/cli/cli.ts';
import { defaultRateLimits } from '../../src/server/deps.ts';
import { openStaffRoutes } from '../../src/server/http/staff-auth.ts';
import { addStaff } from '../../src/server/staff/accounts.ts';
import { sessionIdleMs, sessionMaxMs } from '../../src/server/staff/sessions.ts';
import { adminToken, appAdminClient, backend, buildTestApp, testNow, type TestApp } from './test-app.ts';

/** The site's origin in these tests (test-app.ts's publicOrigins). */
const origin = 'http://localhost:5173';
const password = 'correct horse battery';
const cost = 2 ** 10;

/** Keeps the server's error lines (a 500 this file causes on purpose) off the test output; the returned function restores them. */
function muteServerErrors(): () => void {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  return () => {
    process.stderr.write = write;
  };
}

/** The session cookie a sign-in answer sets ('name=value'), or undefined. */
function cookieOf(res: Response): string | undefined {
  return res.headers.get('set-cookie')?.split(';')[0];
}

function signIn(t: Pick<TestApp, 'app'>, email: string, pass: string, headers: Record<string, string> = {}) {
  return t.app.request('/admin-api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ email, password: pass }),
  });
}

async function signedIn(t: TestApp, email: string): Promise<string> {
  const res = await signIn(t, email, password);
  expect(res.status).toBe(200);
  return cookieOf(res)!;
}

describe(`staff sign-in and sessions (${backend})`, () => {
  let t: TestApp;
  let current = testNow;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { clock: () => current } });
    await addStaff(t.db, { email: 'Lea@Example.ca', name: 'Léa', role: 'manager', password }, testNow, cost);
    await addStaff(t.db, { email: 'marc@example.ca', name: null, role: 'manager', password }, testNow, cost);
  });
  afterAll(() => t.close());

  it('signs in with the e-mail in any case: an HttpOnly, SameSite=Strict cookie on /, not Secure outside production', async () => {
    const res = await signIn(t, 'lea@example.ca', password);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, staff: { email: 'Lea@Example.ca', name: 'Léa' } });
    const header = res.headers.get('set-cookie')!;
    expect(header).toMatch(/^staff=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await t.app.request('/admin-api/session', { headers: { cookie: cookieOf(res)! } });
    expect(await me.json()).toEqual({ success: true, staff: { id: expect.any(String), email: 'Lea@Example.ca', name: 'Léa', role: 'manager' } });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await signIn(t, 'marc@example.ca', 'not the password at all');
    const unknown = await signIn(t, 'nobody@example.ca', password);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = { success: false, error: 'The e-mail or password is not right.' };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('names what is wrong with the e-mail; an empty password is a wrong sign-in', async () => {
    const bad = await signIn(t, 'not-an-email', password);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('email: A valid e-mail address is required');
    const empty = await signIn(t, 'marc@example.ca', '');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe('The e-mail or password is not right.');
  });

  it('gives a new session id at every sign-in, and the one the browser had stops working', async () => {
    const first = await signedIn(t, 'marc@example.ca');
    const again = await signIn(t, 'marc@example.ca', password, { cookie: first });
    const second = cookieOf(again)!;
    expect(second).not.toBe(first);
    expect((await t.app.request('/admin-api/session', { headers: { cookie: first } })).status).toBe(401);
    expect((await t.app.request('/admin-api/session', { headers: { cookie: second } })).status).toBe(200);
  });

  it('signs out: the session ends on the server, the cookie is cleared', async () => {
    const cookie = await signedIn(t, 'marc@example.ca');
    const out = await t.app.request('/admin-api/session', { method: 'DELETE', headers: { cookie, origin } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^staff=;.*Max-Age=0/);
    expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(401);
  });

  it('ends a session after two hours without a request, and twelve hours after sign-in whatever happens', async () => {
    const cookie = await signedIn(t, 'marc@example.ca');
    try {
      current = new Date(testNow.getTime() + sessionIdleMs - 60_000);
      expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(200);
      // That request renewed it: another almost-idle period later it still works.
      current = new Date(current.getTime() + sessionIdleMs - 60_000);
      expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(200);
      current = new Date(current.getTime() + sessionIdleMs);
      const idle = await t.app.request('/admin-api/session', { headers: { cookie } });
      expect(idle.status).toBe(401);
      expect(await idle.json()).toEqual({ success: false, error: 'Please sign in to continue' });

      current = testNow;
      const busy = await signedIn(t, 'marc@example.ca');
      for (let at = testNow.getTime(); at < testNow.getTime() + sessionMaxMs; at += sessionIdleMs / 2) {
        current = new Date(at);
        expect((await t.app.request('/admin-api/session', { headers: { cookie: busy } })).status).toBe(200);
      }
      current = new Date(testNow.getTime() + sessionMaxMs);
      expect((await t.app.request('/admin-api/session', { headers: { cookie: busy } })).status).toBe(401);
    } finally {
      current = testNow;
    }
  });

  it('refuses a change made with the cookie from another origin or with no Origin; allows it from the site', async () => {
    const cookie = await signedIn(t, 'marc@example.ca');
    const body = JSON.stringify({ email: 'new.person@example.ca', name: 'New' });
    for (const headers of [{ origin: 'https://evil.example' }, {}, { origin: 'null' }] as Record<string, string>[]) {
      const res = await t.app.request('/admin-api/staff', { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, error: 'This request must come from the staff console' });
    }
    // Signing in is a change too: another site cannot sign a browser into an account of its choosing.
    expect((await signIn(t, 'marc@example.ca', password, { origin: 'https://evil.example' })).status).toBe(403);
    const ok = await t.app.request('/admin-api/staff', { method: 'POST', headers: { cookie, origin, 'content-type': 'application/json' }, body });
    expect(ok.status).toBe(201);
    // A read needs no Origin; a script's token needs none either.
    expect((await t.app.request('/admin-api/staff', { headers: { cookie } })).status).toBe(200);
    const scripted = await t.app.request('/admin-api/staff/new.person@example.ca/disable', { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    expect(scripted.status).toBe(200);
  });

  it('refuses every registered staff route without a session (the routes read from the app)', async () => {
    const open = new Set(openStaffRoutes.map((r) => `${r.method} ${r.path}`));
    const routes = t.app.routes.filter((r) => r.path.startsWith('/admin-api/') && !r.path.includes('*') && r.method !== 'ALL');
    const checked = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (open.has(key) || checked.has(key)) continue;
      checked.add(key);
      // Every parameter filled with something of the right shape: the refusal must come before it is read.
      const path = route.path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'OFF-101'));
      for (const headers of [{ origin }, { origin, cookie: 'staff=not-a-session-id-of-this-server-0123456789abcdef' }] as Record<string, string>[]) {
        const res = await t.app.request(path, {
          method: route.method,
          headers: { 'content-type': 'application/json', ...headers },
          body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
        });
        expect(res.status, key).toBe(401);
      }
    }
    // The list is the app's own: it holds at least the routes this issue added beside the older ones.
    for (const expected of ['GET /admin-api/session', 'GET /admin-api/staff', 'POST /admin-api/staff', 'POST /admin-api/staff/:id/reset', 'GET /admin-api/orders', 'GET /admin-api/mail', 'POST /admin-api/lease-offers']) {
      expect(checked).toContain(expected);
    }
  });

  it('answers its refusals no-store too', async () => {
    const unsigned = await t.app.request('/admin-api/staff');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('cache-control')).toBe('no-store');
    const wrongToken = await t.app.request('/admin-api/staff', { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.headers.get('cache-control')).toBe('no-store');
    const cookie = await signedIn(t, 'marc@example.ca');
    const foreign = await t.app.request('/admin-api/staff', { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('cache-control')).toBe('no-store');
  });

  it("leaves an Authorization header of another scheme (a staging proxy's Basic) to the cookie check", async () => {
    const basic = { authorization: `Basic ${Buffer.from('staging:secret').toString('base64')}` };
    const cookie = await signedIn(t, 'marc@example.ca');
    const me = await t.app.request('/admin-api/session', { headers: { ...basic, cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ staff: { email: 'marc@example.ca' } });
    // Still a cookie request: a change needs the site's Origin.
    const change = await t.app.request('/admin-api/staff', { method: 'POST', headers: { ...basic, cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(change.status).toBe(403);
    const without = await t.app.request('/admin-api/session', { headers: basic });
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ success: false, error: 'Please sign in to continue' });
    // A Bearer header is the token's, whatever cookie comes with it.
    expect((await t.app.request('/admin-api/session', { headers: { authorization: 'Bearer not-the-token', cookie } })).status).toBe(401);
  });

  it('signs out without a valid session (one that already ended, or none): the cookie is cleared; another origin is still refused', async () => {
    const cookie = await signedIn(t, 'marc@example.ca');
    expect((await t.app.request('/admin-api/session', { method: 'DELETE', headers: { cookie, origin } })).status).toBe(200);
    for (const headers of [{ cookie, origin }, { origin }, { cookie: 'staff=not-a-session', origin }] as Record<string, string>[]) {
      const again = await t.app.request('/admin-api/session', { method: 'DELETE', headers });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ success: true });
      expect(again.headers.get('set-cookie')).toMatch(/^staff=;.*Max-Age=0/);
    }
    const live = await signedIn(t, 'marc@example.ca');
    expect((await t.app.request('/admin-api/session', { method: 'DELETE', headers: { cookie: live } })).status).toBe(403);
    expect((await t.app.request('/admin-api/session', { method: 'DELETE', headers: { cookie: live, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await t.app.request('/admin-api/session', { headers: { cookie: live } })).status).toBe(200);
  });

  it('a disabled account cannot sign in and its open sessions end at once', async () => {
    await addStaff(t.db, { email: 'leaving@example.ca', name: null, role: 'manager', password }, testNow, cost);
    const cookie = await signedIn(t, 'leaving@example.ca');
    const lines: string[] = [];
    await runCli(['staff', 'disable', 'leaving@example.ca'], appAdminClient(t), (line) => lines.push(line));
    expect(lines).toEqual(['Staff account leaving@example.ca disabled; its sessions are ended.']);
    expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(401);
    const again = await signIn(t, 'leaving@example.ca', password);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ success: false, error: 'The e-mail or password is not right.' });
  });
});

describe(`staff accounts from the command line (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function cli(argv: string[], answers?: string[]): Promise<string[]> {
    const lines: string[] = [];
    const ask = answers ? async () => answers.shift() ?? '' : undefined;
    await runCli(argv, appAdminClient(t), (line) => lines.push(line), ask);
    return lines;
  }

  it('staff add at a terminal asks for the password twice, and the account signs in with it', async () => {
    expect(await cli(['staff', 'add', '--email', 'ana@example.ca', '--name', 'Ana'], [password, password])).toEqual(['Staff account ana@example.ca created, as staff.']);
    expect((await signIn(t, 'ana@example.ca', password)).status).toBe(200);
    await expect(cli(['staff', 'add', '--email', 'bo@example.ca'], [password, 'something else entirely'])).rejects.toThrow('The two passwords differ; nothing was created.');
    await expect(cli(['staff', 'add', '--email', 'bo@example.ca'], ['short', 'short'])).rejects.toThrow('400: password: The password needs at least 12 characters');
    await expect(cli(['staff', 'add', '--email', 'ANA@example.ca'], [password, password])).rejects.toThrow('409: ana@example.ca already has an account');
  });

  it('staff add without a terminal prints a set-password link that works once, then the account signs in', async () => {
    const lines = await cli(['staff', 'add', '--email', 'zoe@example.ca']);
    expect(lines[0]).toBe('Staff account zoe@example.ca created, as staff.');
    expect(lines[1]).toBe('Send this link to the person; it sets their password once, within 48 hours:');
    const url = new URL(lines[2]!);
    expect(url.origin + url.pathname).toBe('http://localhost:5173/staff/set-password');
    const token = url.hash.slice(1);
    // No password yet: signing in fails as any wrong sign-in does.
    expect((await signIn(t, 'zoe@example.ca', password)).status).toBe(401);
    const set = (pass: string) =>
      t.app.request('/admin-api/session/password', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token, password: pass }) });
    const short = await set('short');
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe('password: The password needs at least 12 characters');
    expect((await set(password)).status).toBe(200);
    expect((await signIn(t, 'zoe@example.ca', password)).status).toBe(200);
    const reused = await set('another long password');
    expect(reused.status).toBe(410);
    expect((await reused.json()).error).toBe('This link has expired or was already used. Ask for a new one.');
  });

  it('staff reset prints a new link replacing the earlier one; the password works until the link is used', async () => {
    const setWith = (token: string, pass: string) =>
      t.app.request('/admin-api/session/password', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token, password: pass }) });
    const tokenOf = (lines: string[]) => new URL(lines.find((l) => l.startsWith('http'))!).hash.slice(1);
    await cli(['staff', 'add', '--email', 'reset.me@example.ca'], [password, password]);
    const cookie = cookieOf(await signIn(t, 'reset.me@example.ca', password))!;

    const first = await cli(['staff', 'reset', 'Reset.Me@example.ca']);
    expect(first[0]).toBe('A new set-password link for reset.me@example.ca; any earlier link no longer works, and the current password works until this one is used.');
    expect(first[1]).toBe('Send it to the person; it sets their password once, within 48 hours:');
    expect(new URL(first[2]!).pathname).toBe('/staff/set-password');
    const { id } = await t.db.selectFrom('staff_accounts').select('id').where('email', '=', 'reset.me@example.ca').executeTakeFirstOrThrow();
    const second = await cli(['staff', 'reset', id]);
    expect(tokenOf(second)).not.toBe(tokenOf(first));

    // Until a link is used, the password and the session it opened go on working.
    expect((await signIn(t, 'reset.me@example.ca', password)).status).toBe(200);
    expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(200);
    // Only the newest link works.
    expect((await setWith(tokenOf(first), 'a brand new password')).status).toBe(410);
    expect((await setWith(tokenOf(second), 'a brand new password')).status).toBe(200);
    expect((await signIn(t, 'reset.me@example.ca', password)).status).toBe(401);
    expect((await signIn(t, 'reset.me@example.ca', 'a brand new password')).status).toBe(200);
    expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(401);

    const trail = await t.db.selectFrom('staff_audit').select(['actor', 'action']).where('subject_id', '=', id).orderBy('id').execute();
    expect(trail.map((r) => r.action)).toEqual(['staff_added', 'signed_in', 'password_reset', 'password_reset', 'signed_in', 'password_set', 'signed_in']);
    expect(trail.find((r) => r.action === 'password_reset')?.actor).toBe('admin token');
  });

  it('staff reset refuses an unknown, a disabled or a malformed account', async () => {
    await expect(cli(['staff', 'reset', 'nobody@example.ca'])).rejects.toThrow('404: No such staff account');
    await cli(['staff', 'add', '--email', 'gone@example.ca'], [password, password]);
    await cli(['staff', 'disable', 'gone@example.ca']);
    await expect(cli(['staff', 'reset', 'gone@example.ca'])).rejects.toThrow('409: This account is disabled: it gets no set-password link');
    await expect(cli(['staff', 'reset', 'not-an-email'])).rejects.toThrow('400: Not an account id or e-mail');
    await expect(cli(['staff', 'reset'])).rejects.toThrow('Usage: npm run admin -- staff reset EMAIL_OR_ID');
  });

  it('reads the account of a disable by its id or its e-mail, and nothing else (36 dashes used to reach the database)', async () => {
    for (const key of ['-'.repeat(36), 'not-an-email', '0000000g-0000-4000-8000-000000000000', 'a'.repeat(255)]) {
      const res = await t.app.request(`/admin-api/staff/${encodeURIComponent(key)}/disable`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Not an account id or e-mail' });
    }
    const unknown = await t.app.request(`/admin-api/staff/${crypto.randomUUID()}/disable`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    expect(unknown.status).toBe(404);
    await cli(['staff', 'add', '--email', 'by.id@example.ca'], [password, password]);
    const { id } = await t.db.selectFrom('staff_accounts').select('id').where('email', '=', 'by.id@example.ca').executeTakeFirstOrThrow();
    const byId = await t.app.request(`/admin-api/staff/${id.toUpperCase()}/disable`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    expect(byId.status).toBe(200);
    expect(await byId.json()).toMatchObject({ account: { email: 'by.id@example.ca', disabled: true } });
  });

  it('writes an account change and its audit row together, or neither', async () => {
    // The audit table refuses this one action: the change it records must not happen either.
    const refuse = async (action: string) => {
      await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
        begin if new.action = ${sql.lit(action)} then raise exception 'audit refused'; end if; return new; end $$`.execute(t.db);
      await sql`drop trigger if exists refuse_audit on staff_audit`.execute(t.db);
      await sql`create trigger refuse_audit before insert on staff_audit for each row execute function refuse_audit()`.execute(t.db);
    };
    const quiet = muteServerErrors();
    try {
      await refuse('staff_added');
      await expect(cli(['staff', 'add', '--email', 'atomic@example.ca'])).rejects.toThrow(/^500/);
      expect(await t.db.selectFrom('staff_accounts').select('id').where('email', '=', 'atomic@example.ca').execute()).toEqual([]);

      await sql`drop trigger refuse_audit on staff_audit`.execute(t.db);
      const link = await cli(['staff', 'add', '--email', 'atomic@example.ca']);
      const token = new URL(link[2]!).hash.slice(1);
      await refuse('password_set');
      const set = await t.app.request('/admin-api/session/password', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token, password }) });
      expect(set.status).toBe(500);
      const row = await t.db.selectFrom('staff_accounts').select(['password_hash', 'set_password_hash']).where('email', '=', 'atomic@example.ca').executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
      expect(row.set_password_hash).not.toBeNull();

      await sql`drop trigger refuse_audit on staff_audit`.execute(t.db);
      expect((await t.app.request('/admin-api/session/password', { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ token, password }) })).status).toBe(200);
      const cookie = cookieOf(await signIn(t, 'atomic@example.ca', password))!;
      await refuse('staff_disabled');
      await expect(cli(['staff', 'disable', 'atomic@example.ca'])).rejects.toThrow(/^500/);
      expect((await t.db.selectFrom('staff_accounts').select('disabled_at').where('email', '=', 'atomic@example.ca').executeTakeFirstOrThrow()).disabled_at).toBeNull();
      expect((await t.app.request('/admin-api/session', { headers: { cookie } })).status).toBe(200);
    } finally {
      quiet();
      await sql`drop trigger if exists refuse_audit on staff_audit`.execute(t.db);
    }
  });

  it('staff list shows each account and its state', async () => {
    const lines = await cli(['staff', 'list']);
    expect(lines[0]).toMatch(/^email\s+name\s+role\s+state\s+created\s+id\s*$/);
    expect(lines.find((l) => l.startsWith('ana@example.ca'))).toMatch(/Ana\s+staff\s+active\s+2026-11-23/);
  });

  it('writes each account change to the audit trail, with who made it', async () => {
    const rows = await t.db.selectFrom('staff_audit').select(['actor', 'action', 'subject_type']).where('action', '=', 'staff_added').orderBy('id').execute();
    expect(rows.slice(0, 2)).toEqual([
      { actor: 'admin token', action: 'staff_added', subject_type: 'staff' },
      { actor: 'admin token', action: 'staff_added', subject_type: 'staff' },
    ]);
  });
});

describe(`staff sign-in throttling (${backend})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        trustedProxies: 1,
        rateLimits: { ...defaultRateLimits, signInAccount: { max: 3, windowMs: 15 * 60_000 }, signInAddress: { max: 6, windowMs: 15 * 60_000 } },
      },
    });
    await addStaff(t.db, { email: 'guarded@example.ca', name: null, role: 'manager', password }, testNow, cost);
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('stops guessing on one account from one address, and says when to try again', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(t, 'guarded@example.ca', 'wrong password here', from('203.0.113.1'))).status).toBe(401);
    const blocked = await signIn(t, 'guarded@example.ca', password, from('203.0.113.1'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    // The same e-mail in other letters is the same account.
    expect((await signIn(t, 'Guarded@Example.ca', password, from('203.0.113.1'))).status).toBe(429);
  });

  it('stops one address trying many accounts, the unknown ones counted as the known', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await signIn(t, `someone${i}@example.ca`, 'wrong password here', from('198.51.100.9'))).status).toBe(401);
    }
    expect((await signIn(t, 'someone-else@example.ca', 'wrong password here', from('198.51.100.9'))).status).toBe(429);
    // Counted per address whatever the account: a known account, never tried from there, is refused too.
    expect((await signIn(t, 'guarded@example.ca', password, from('198.51.100.9'))).status).toBe(429);
    // Another address is not held back by it.
    expect((await signIn(t, 'someone-else@example.ca', 'wrong password here', from('198.51.100.10'))).status).toBe(401);
  });
});

describe(`a guesser cannot lock a manager out (${backend})`, () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attacker = '203.0.113.66';
  const manager = '198.51.100.20';

  it('twelve wrong passwords from one address: that address is refused after ten, the manager signs in from their own', async () => {
    // The limits as they ship (10 per account at an address, 50 per address), behind one proxy (TRUST_PROXY=1).
    const t = await buildTestApp({ config: { trustedProxies: 1, rateLimits: defaultRateLimits } });
    try {
      await addStaff(t.db, { email: 'boss@example.ca', name: null, role: 'manager', password }, testNow, cost);
      const tries = [];
      for (let i = 0; i < 12; i++) tries.push((await signIn(t, 'boss@example.ca', `wrong password ${i}`, from(attacker))).status);
      expect(tries).toEqual([...Array<number>(10).fill(401), 429, 429]);
      expect((await signIn(t, 'boss@example.ca', password, from(manager))).status).toBe(200);
      const refused = await signIn(t, 'boss@example.ca', password, from(attacker));
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    } finally {
      await t.close();
    }
  });

  // Two instances on one PostgreSQL share the counts (the rate_limits table); on PGlite each app counts alone.
  it.runIf(backend === 'postgresql')('two instances on one database count one account at one address together', async () => {
    const t = await buildTestApp({ config: { trustedProxies: 1, rateLimits: defaultRateLimits } });
    try {
      await addStaff(t.db, { email: 'boss@example.ca', name: null, role: 'manager', password }, testNow, cost);
      const instances = [t, { app: createApp(t.deps) }];
      for (let i = 0; i < 10; i++) expect((await signIn(instances[i % 2]!, 'boss@example.ca', 'wrong password', from(attacker))).status).toBe(401);
      for (const instance of instances) {
        expect((await signIn(instance, 'boss@example.ca', password, from(attacker))).status).toBe(429);
        expect((await signIn(instance, 'boss@example.ca', password, from(manager))).status).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});

describe(`set-password links: counted per address, and a made-up one costs no password hash (${backend})`, () => {
  const setPassword = (t: TestApp, token: string, address: string) =>
    t.app.request('/admin-api/session/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
      body: JSON.stringify({ token, password: 'a long enough password' }),
    });

  it('answers a link that names no account before hashing anything', async () => {
    // A scrypt cost no scrypt accepts (not a power of two): a request that hashed the password would fail with a 500.
    const t = await buildTestApp({ config: { staffPasswordCost: 3 } });
    try {
      const res = await setPassword(t, 'A'.repeat(43), '192.0.2.1');
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ success: false, error: 'This link has expired or was already used. Ask for a new one.' });
    } finally {
      await t.close();
    }
  });

  it('stops one address trying links, as sign-in attempts are stopped, the two counted together', async () => {
    const t = await buildTestApp({ config: { trustedProxies: 1, rateLimits: { ...defaultRateLimits, signInAddress: { max: 4, windowMs: 15 * 60_000 } } } });
    try {
      for (let i = 0; i < 3; i++) expect((await setPassword(t, `${'b'.repeat(42)}${i}`, '192.0.2.9')).status).toBe(410);
      expect((await signIn(t, 'someone@example.ca', 'wrong password here', { 'x-forwarded-for': '192.0.2.9' })).status).toBe(401);
      const blocked = await setPassword(t, 'c'.repeat(43), '192.0.2.9');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await blocked.json()).error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
      expect((await signIn(t, 'someone@example.ca', 'wrong password here', { 'x-forwarded-for': '192.0.2.9' })).status).toBe(429);
      expect((await setPassword(t, 'c'.repeat(43), '192.0.2.10')).status).toBe(410);
    } finally {
      await t.close();
    }
  });
});

describe(`staff sessions in production (${backend})`, () => {
  it('names the cookie __Host-staff and marks it Secure', async () => {
    const t = await buildTestApp({ config: { production: true } });
    try {
      await addStaff(t.db, { email: 'prod@example.ca', name: null, role: 'manager', password }, testNow, cost);
      const res = await signIn(t, 'prod@example.ca', password);
      expect(res.status).toBe(200);
      const header = res.headers.get('set-cookie')!;
      expect(header).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43};/);
      expect(header).toMatch(/Secure/);
      const me = await t.app.request('/admin-api/session', { headers: { cookie: cookieOf(res)! } });
      expect(me.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
