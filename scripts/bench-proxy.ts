/**
 * The offices list's requests per second straight from one instance, and through nginx configured
 * as deploy/nginx.conf (two instances behind it, on one PostgreSQL), with autocannon, asked as a
 * browser asks (compressed). It builds the server and the PWA aside, as the tests do, and needs
 * nginx and a PostgreSQL server, whose database it makes and drops:
 *   npx tsx scripts/bench-proxy.ts postgres://postgres@127.0.0.1:5432/postgres
 * (or TEST_DATABASE_URL set). It asserts nothing: machines are noisy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/api/server-process.ts';
import { freshPostgresDatabase } from '../tests/api/test-app.ts';
import { startNginx } from '../tests/fleet/nginx.ts';
import { build } from './bench-bundle.ts';
import { startProcess } from './bench-server.ts';
import { buildServerAside } from './build-server.ts';
import { listPath, load, type Throughput } from './bench-wire.ts';

const serverUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('bench-proxy: give a PostgreSQL server URL (or set TEST_DATABASE_URL)');

const work = mkdtempSync(join(tmpdir(), 'coworking-bench-proxy-'));
const built = await buildServerAside();
build(join(built.dir, 'dist'));
const database = await freshPostgresDatabase(serverUrl, 'bench_proxy');
const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
const env = {
  HOST: '127.0.0.1',
  DATABASE_URL: database.url,
  NODE_ENV: 'production',
  ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
  BANKING_KEYS: `bench:${Buffer.alloc(32, 5).toString('base64')}`,
  PUBLIC_ORIGIN: `http://127.0.0.1:${nginxPort}`,
  SMTP_URL: 'smtp://127.0.0.1:1',
  TRUST_PROXY: '1',
  SEED: 'demo',
  STATIC_DIR: join(built.dir, 'dist'),
  // Every request is one client's: the browse limit would answer most of them 429.
  RATE_LIMIT_BROWSE_PER_MINUTE: '100000000',
};
// One after the other: the first seeds the database.
const instances = [];
for (const [name, port] of [['a', portA], ['b', portB]] as const) {
  instances.push(await startProcess(built.server, { ...env, PORT: String(port), DATA_DIR: join(work, `data-${name}`) }, join(work, `server-${name}.log`)));
}
const nginx = await startNginx(nginxPort, [portA, portB]);
try {
  const browser = { 'Accept-Encoding': 'br, gzip' };
  const direct = await load(`http://127.0.0.1:${portA}${listPath}`, browser);
  const proxied = await load(`${nginx.url}${listPath}`, browser);
  const line = (name: string, t: Throughput) => `  ${name.padEnd(30)} ${Math.round(t.rps).toString().padStart(6)} req/s   p99 ${t.p99} ms   non-2xx ${t.non2xx}`;
  console.log(`The offices list (${listPath}), 20 connections, 8 s after a 2 s warm-up (server logs in ${work}):`);
  console.log(line('straight from one instance', direct));
  console.log(line('through nginx, two instances', proxied));
  console.log(`  through nginx / direct: ${(proxied.rps / direct.rps).toFixed(2)}`);
} finally {
  await nginx.stop();
  await Promise.all(instances.map((s) => s.stop()));
  await database.drop();
  rmSync(built.dir, { recursive: true, force: true });
}
