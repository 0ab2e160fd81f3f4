import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import { refusedStart, startServerProcess } from './server-process.ts';
import { backend } from './test-app.ts';

const adminSecret = 'production-admin-token-0123456789';
const bankingSecret = Buffer.alloc(32, 5).toString('base64');
const dataDir = () => mkdtempSync(join(tmpdir(), 'coworking-prod-'));

describe(`production refuses unsafe defaults (${backend})`, () => {
  const complete = { ADMIN_TOKEN: adminSecret, BANKING_KEYS: `k1:${bankingSecret}`, PUBLIC_ORIGIN: 'https://book.example.com', SMTP_URL: 'smtp://127.0.0.1:2525' };
  it.each([
    ['nothing set', {}, 'NODE_ENV=production needs BANKING_KEYS, ADMIN_TOKEN, PUBLIC_ORIGIN and SMTP_URL'],
    ['no ADMIN_TOKEN', { ...complete, ADMIN_TOKEN: '' }, 'NODE_ENV=production needs ADMIN_TOKEN'],
    ['no banking key', { ...complete, BANKING_KEYS: '' }, 'NODE_ENV=production needs BANKING_KEYS'],
    ['no PUBLIC_ORIGIN', { ...complete, PUBLIC_ORIGIN: '' }, 'NODE_ENV=production needs PUBLIC_ORIGIN'],
    ['no SMTP_URL', { ...complete, SMTP_URL: '' }, 'NODE_ENV=production needs SMTP_URL'],
    ['an SMTP_URL that is not SMTP', { ...complete, SMTP_URL: 'https://user:hunter2@mail.example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['a banking key of the wrong size', { ...complete, BANKING_KEYS: `k1:${Buffer.alloc(16, 5).toString('base64')}` }, "BANKING_KEYS: key 'k1': a banking key must be 32 bytes"],
    ['a TRUST_PROXY that is not a number of proxies', { ...complete, TRUST_PROXY: 'yes' }, 'TRUST_PROXY: must be false, true (one proxy) or a number of proxies'],
    ['a PUBLIC_ORIGIN with a path', { ...complete, PUBLIC_ORIGIN: 'https://book.example.com/app' }, "PUBLIC_ORIGIN: 'https://book.example.com/app' is not an origin"],
  ])('with %s: one clear line, exit code 1, no secret printed', async (_label, env, message) => {
    const run = await refusedStart({ NODE_ENV: 'production', DATABASE_URL: 'memory', DATA_DIR: dataDir(), ...env });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: /);
    expect(lines[0]).toContain(message);
    for (const secret of [adminSecret, bankingSecret, Buffer.alloc(16, 5).toString('base64'), 'hunter2']) expect(run.stderr).not.toContain(secret);
  }, 60_000);

  it('with its secrets it starts, seeds nothing, prints no secret and sends HSTS', async () => {
    const server = await startServerProcess({ NODE_ENV: 'production', DATABASE_URL: 'memory', DATA_DIR: dataDir(), ADMIN_TOKEN: adminSecret, BANKING_KEYS: `k1:${bankingSecret}`, PUBLIC_ORIGIN: 'https://book.example.com', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const res = await fetch(`${server.url}/public-api/offices/available`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(officesResponse.parse(await res.json()).data?.offices).toEqual([]);
      expect(server.output()).not.toContain('Seeded');
      expect(server.output()).not.toContain(adminSecret);
      expect(server.output()).not.toContain(bankingSecret);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('outside production the demo seeds by default, and the generated admin token stays in its file', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATABASE_URL: 'memory', DATA_DIR: dir });
    try {
      const offices = officesResponse.parse(await (await fetch(`${server.url}/public-api/offices/available`)).json()).data?.offices ?? [];
      expect(offices.length).toBeGreaterThan(20);
      expect(server.output()).toContain('Seeded the demo inventory.');
      const { readFileSync } = await import('node:fs');
      const token = readFileSync(join(dir, 'admin-token'), 'utf8').trim();
      expect(server.output()).toContain(`Admin token generated into ${join(dir, 'admin-token')}`);
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
