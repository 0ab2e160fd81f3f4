import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * A body far over the limit, sent by an ordinary HTTP client to the server as `npm start` runs
 * it: the client must read the 413, not a connection reset while it is still sending.
 */
const adminToken = 'body-limit-admin-token-0123456789';
const tenMegabytes = 10 * 1024 * 1024;

interface Answer {
  status: number | undefined;
  connection: string | undefined;
  problemCode: string | string[] | undefined;
  body: string;
}

/** POSTs `bytes` with node's HTTP client; rejects on a socket error (the reset this is about). */
function post(port: number, path: string, bytes: number, options: { chunked?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = Buffer.alloc(bytes, 'x');
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', ...(options.chunked ? {} : { 'content-length': String(bytes) }), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, problemCode: res.headers['problem-code'], body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!options.chunked) {
      req.end(body);
      return;
    }
    // Sent in pieces without a length: the limit is crossed as it streams.
    const piece = 64 * 1024;
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const next = body.subarray(at, at + piece);
        at += piece;
        if (!req.write(next)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/**
 * A client that sends its whole request before it reads the answer, as many do: to it, a
 * connection reset while it sends is a broken pipe, whatever the server had answered.
 */
function sendWholeThenRead(port: number, path: string, bytes: number, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let ended = false;
    let written = false;
    const done = () => {
      if (!ended || !written) return;
      socket.destroy();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]), connection: header('connection'), problemCode: header('problem-code'), body });
    };
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => {
      ended = true;
      done();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => reject(new Error(`the connection failed while sending: ${err.code}`)));
    const lines = Object.entries({ host: 'instance', 'content-type': 'application/json', 'content-length': String(bytes), ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
    socket.write(Buffer.alloc(bytes, 'x'), (err) => {
      if (err) return reject(new Error(`the connection failed while sending: ${(err as NodeJS.ErrnoException).code}`));
      written = true;
      done();
    });
  });
}

describe('a body over the limit: the client reads its 413 (a server process)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: 'memory', DATA_DIR: mkdtempSync(join(tmpdir(), 'coworking-body-limit-')), SEED: 'none', ADMIN_TOKEN: adminToken });
  });
  afterAll(() => server?.stop());

  const staff = { authorization: `Bearer ${adminToken}` };
  const code = 'Qx7Lm2Pz9Rt4Vw8Ks3Nb6Hd1';
  it.each([
    ['checkout', '/public-api/stripe/create-checkout-session', 64, {}],
    ['the Stripe webhook', '/public-api/stripe/webhook', 512, {}],
    ['the waitlist', '/public-api/waitlist', 64, {}],
    ['a lease’s submit-info', `/public-api/lease-offers/${code}/submit-info`, 64, {}],
    ['a lease’s signing', `/public-api/lease-offers/${code}/complete-signing`, 1024, {}],
    ['staff offer creation', '/admin-api/lease-offers', 64, staff],
    ['a bank’s return file', '/admin-api/pad-files/returns', 256, staff],
  ])('%s: 10 MB declared and sent whole before reading: the 413 is read, not a broken pipe', async (_label, path, limitKb, headers) => {
    const answer = await sendWholeThenRead(server.port, path, tenMegabytes, headers);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(answer.problemCode).toBe('body_too_large');
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: `The request body is too large (at most ${limitKb} KB)` });
  });

  it('10 MB streamed without a length (node’s client): answered 413 as it crosses the limit, and read', async () => {
    const answer = await post(server.port, '/public-api/waitlist', tenMegabytes, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'The request body is too large (at most 64 KB)' });
  });

  it('10 MB through fetch: the 413 is read', async () => {
    const res = await fetch(`${server.url}/public-api/waitlist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(tenMegabytes, 'x') });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: 'The request body is too large (at most 64 KB)' });
  });

  it('a staff route refused without its token: its 401 is read over a 10 MB body as well', async () => {
    const answer = await post(server.port, '/admin-api/lease-offers', tenMegabytes);
    expect(answer.status).toBe(401);
  });

  it('still serves afterwards', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
