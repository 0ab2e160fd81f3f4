/**
 * The billing round at size, for `npm run bench`: every unit of a SEED_UNITS inventory rented,
 * billed on 1 December in one go (rounds back to back until nothing is due), on PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there;
 * and the offices list's requests per second while it runs, against the bare Hono route's.
 */
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshPostgresDatabase } from '../tests/api/test-app.ts';
import { startProcess } from './bench-server.ts';
import { listPath } from './bench-wire.ts';

export interface BillingRoundFigures {
  backend: 'pglite' | 'postgresql';
  rentals: number;
  ms: number;
  rounds: number;
  issued: number;
  succeeded: number;
  /** The list's answers a second during the round, and the bare route's just after it. */
  duringRps: number;
  bareRps: number;
}

async function rps(url: string, seconds: number): Promise<number> {
  const r = await autocannon({ url, connections: 20, duration: seconds });
  return r.requests.average;
}

async function measure(backend: BillingRoundFigures['backend'], units: number, port: number, work: string, databaseUrl?: string): Promise<BillingRoundFigures> {
  const log = join(work, `billing-${backend}.log`);
  const server = await startProcess('scripts/bench-billing-server.ts', { PORT: String(port), SEED_UNITS: String(units), ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) }, log);
  try {
    const base = `http://127.0.0.1:${port}`;
    await rps(`${base}${listPath}`, 2);
    const done = new Promise<Record<string, number>>((resolve) => {
      server.child.stdout!.on('data', (d: Buffer) => {
        const line = /round (\{.*\})/.exec(d.toString());
        if (line) resolve(JSON.parse(line[1]!) as Record<string, number>);
      });
    });
    server.child.kill('SIGUSR2');
    // The list's load for as long as the round runs (up to two minutes), stopped when it ends.
    // autocannon's promise is also its run, which stop() ends early (its types leave that out).
    const load = autocannon({ url: `${base}${listPath}`, connections: 20, duration: 120 }) as Promise<autocannon.Result> & { stop(): void };
    const figures = await done;
    load.stop();
    const during = (await load).requests.average;
    // The list at this size is too long for an environment variable: the bare route reads it from a file.
    const payloadFile = join(work, `list-${backend}.json`);
    writeFileSync(payloadFile, await (await fetch(`${base}${listPath}`)).text());
    const bare = await startProcess('scripts/bench-bare-server.ts', { PORT: String(port + 1), BENCH_PAYLOAD_FILE: payloadFile }, log);
    const bareRps = await rps(`http://127.0.0.1:${port + 1}${listPath}`, 4).finally(() => bare.stop());
    return {
      backend,
      rentals: figures.rentals!,
      ms: figures.ms!,
      rounds: figures.rounds!,
      issued: figures.issued!,
      succeeded: figures.succeeded!,
      duringRps: during,
      bareRps,
    };
  } finally {
    await server.stop();
  }
}

export async function billingRoundBench(units: number, port: number, work: string): Promise<BillingRoundFigures[]> {
  const results = [await measure('pglite', units, port, work)];
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const fresh = await freshPostgresDatabase(serverUrl, 'bench');
    try {
      results.push(await measure('postgresql', units, port, work, fresh.url));
    } finally {
      await fresh.drop();
    }
  }
  return results;
}
