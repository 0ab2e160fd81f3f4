import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { startServerProcess, type ServerProcess } from '../api/server-process.ts';
import { startSmtpServer } from '../api/smtp-server.ts';
import { refused } from './connections.ts';
import { freshPostgresDatabase, testNow, waitlistEntryFor } from '../api/test-app.ts';

/**
 * An instance told to stop (SIGTERM, as an orchestrator or a rolling deploy does) while a
 * request is under way and its mail worker is sending: it takes nothing new, finishes both, and
 * exits 0; the next instance sends what was left, and nothing goes out twice.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The fleet tests need a PostgreSQL server: set TEST_DATABASE_URL');

interface Answer {
  status: number | undefined;
  connection: string | undefined;
  body: string;
}

/** A POST whose head and first bytes go now and the rest on `sendRest`: a client on a slow link. */
function slowPost(port: number, path: string, body: string): { answer: Promise<Answer>; sendRest: () => void } {
  const bytes = Buffer.from(body);
  let sendRest = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(bytes.subarray(0, 20));
    sendRest = () => req.end(bytes.subarray(20));
  });
  return { answer, sendRest };
}

/** A raw connection whose request has begun (`head`, unfinished); `finish` sends its end and resolves with all the server said before closing. */
function begunRequest(port: number, head: string): { finish: (tail: string) => Promise<string> } {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
  socket.write(head);
  return {
    finish: (tail) => {
      socket.write(tail);
      return closed;
    },
  };
}

const events = (output: string, event: string) => output.split('\n').filter((line) => line.includes(`"event":"${event}"`)).length;

describe('a stopping instance drains', () => {
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const started: ServerProcess[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'coworking-drain-')),
      APP_NOW: testNow.toISOString(),
      ADMIN_TOKEN: 'drain-admin-token-0123456789abcdef',
      BANKING_KEYS: `drain:${Buffer.alloc(32, 7).toString('base64')}`,
      SEED: 'demo',
      SMTP_URL: smtp.url,
      ...extra,
    });
    started.push(server);
    return server;
  };
  const unsent = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox where status = 'pending'`.execute(db)).rows[0]!.n;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const fresh = await freshPostgresDatabase(serverUrl, 'drain');
    url = fresh.url;
    dropDatabase = fresh.drop;
    db = await openDatabase(url, '');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await db?.destroy();
    await dropDatabase?.();
    await smtp?.close();
  });

  it('SIGTERM during a slow request and a message being sent: both finish, nothing new is taken, exit 0; the next instance sends the rest, none twice', async () => {
    const first = await start();
    // What the start wrote (the demo's offers) goes out first, at full speed.
    await expect.poll(unsent, { timeout: 60_000, interval: 200 }).toBe(0);
    const earlier = new Set((await sql<{ id: string }>`select id from outbox`.execute(db)).rows.map((r) => r.id));
    const receivedBefore = smtp.received.length;
    const offices = (await sql<{ id: number }>`select id from offices where office_id in ('OFF-103', 'OFF-201') order by id`.execute(db)).rows.map((o) => o.id);

    // A request under way: its head and first bytes are in, the rest comes after the signal.
    const slow = slowPost(first.port, '/public-api/waitlist', JSON.stringify({ ...waitlistEntryFor(offices), email: 'slow-link@example.com' }));
    // A health check begun on a connection of its own, its head not yet ended.
    const probe = begunRequest(first.port, 'GET /readyz HTTP/1.1\r\nHost: instance\r\n');
    // A message being sent: the mail server holds its answer 3 seconds.
    smtp.slow.ms = 3_000;
    const entry = await fetch(`${first.url}/public-api/waitlist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor(offices), email: 'first-in-line@example.com' }) });
    expect(entry.status).toBe(201);
    await expect.poll(() => smtp.slow.holding, { timeout: 30_000, interval: 50 }).toBe(1);

    const signalledAt = Date.now();
    first.signal('SIGTERM');
    // New connections are refused at once (the load balancer goes elsewhere).
    await expect.poll(() => refused(first.port), { timeout: 2_000, interval: 50 }).toBe(true);
    // The health check under way hears that the instance is draining, and its connection ends.
    const readyz = await probe.finish('\r\n');
    expect(readyz).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyz.toLowerCase()).toContain('connection: close');
    expect(readyz).toContain('"status":"draining"');
    // The request under way is answered as usual, telling its client the connection ends.
    slow.sendRest();
    const answer = await slow.answer;
    expect(answer.status).toBe(201);
    expect(answer.connection).toBe('close');

    expect(await first.exited).toBe(0);
    const stoppedAfterMs = Date.now() - signalledAt;
    expect(stoppedAfterMs).toBeLessThan(20_000);
    // It waited for the message being sent (held 3 s) rather than cutting it.
    expect(stoppedAfterMs).toBeGreaterThan(1_000);
    expect(events(first.output(), 'server.draining')).toBe(1);
    expect(events(first.output(), 'server.stopped')).toBe(1);
    expect(events(first.output(), 'server.drain_timeout')).toBe(0);

    // The message being sent went out once and is marked sent; the other of its round was handed
    // back unclaimed, its attempt uncounted; the slow request's were never taken.
    const held = smtp.received.slice(receivedBefore);
    expect(held).toHaveLength(1);
    const rows = (await sql<{ id: string; recipient: string; status: string; claimed_until: Date | null; attempts: number }>`
      select id, recipient, status, claimed_until, attempts from outbox order by created_at, id`.execute(db)).rows.filter((r) => !earlier.has(r.id));
    expect(rows).toHaveLength(4);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(held[0]!.envelopeTo).toEqual([sent[0]!.recipient]);
    for (const r of rows.filter((row) => row.status !== 'sent')) expect([r.status, r.claimed_until, r.attempts]).toEqual(['pending', null, 0]);

    // The next instance sends the three left, and not the one already sent.
    smtp.slow.ms = 0;
    const second = await start();
    await expect.poll(unsent, { timeout: 60_000, interval: 200 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = smtp.received.slice(receivedBefore);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((m) => m.parsed.messageId)).size).toBe(4);
    for (const recipient of new Set(rows.map((r) => r.recipient))) {
      expect(all.filter((m) => m.envelopeTo.includes(recipient))).toHaveLength(rows.filter((r) => r.recipient === recipient).length);
    }

    // With nothing under way, a drain is quick.
    second.signal('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('past DRAIN_TIMEOUT_SECONDS, a request still under way is cut: the log says so and the exit code is 1', async () => {
    const server = await start({ DRAIN_TIMEOUT_SECONDS: '1' });
    const offices = (await sql<{ id: number }>`select id from offices where office_id = 'OFF-103'`.execute(db)).rows.map((o) => o.id);
    const never = slowPost(server.port, '/public-api/waitlist', JSON.stringify({ ...waitlistEntryFor(offices), email: 'never-finishes@example.com' }));
    never.answer.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.signal('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(events(server.output(), 'server.drain_timeout')).toBe(1);
    expect(server.output()).toContain('"connectionsOpen":true');
  }, 90_000);

  it('a second SIGTERM during the drain ends it at once: the log says so and the exit code is 1', async () => {
    const server = await start();
    await expect.poll(unsent, { timeout: 60_000, interval: 200 }).toBe(0);
    const offices = (await sql<{ id: number }>`select id from offices where office_id = 'OFF-103'`.execute(db)).rows.map((o) => o.id);
    // A message being sent keeps the drain going: the mail server holds its answer far longer than the test waits.
    smtp.slow.ms = 15_000;
    try {
      const entry = await fetch(`${server.url}/public-api/waitlist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...waitlistEntryFor(offices), email: 'cut-short@example.com' }) });
      expect(entry.status).toBe(201);
      await expect.poll(() => smtp.slow.holding, { timeout: 30_000, interval: 50 }).toBe(1);
      const signalledAt = Date.now();
      server.signal('SIGTERM');
      await expect.poll(() => events(server.output(), 'server.draining'), { timeout: 5_000, interval: 20 }).toBe(1);
      // A second signal, not the first delivered twice (the same one within a second: tests/unit/draining.test.ts).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, signalledAt + 1_100 - Date.now())));
      const secondAt = Date.now();
      server.signal('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(Date.now() - secondAt).toBeLessThan(5_000);
      expect(events(server.output(), 'server.stopped_at_once')).toBe(1);
      expect(events(server.output(), 'server.stopped')).toBe(0);
      expect(events(server.output(), 'server.drain_timeout')).toBe(0);
    } finally {
      smtp.slow.ms = 0;
    }
  }, 90_000);
});
