/**
 * The servers `npm run bench` measures: our server at one inventory size (a process, a
 * database and a data folder of its own), and what a visitor needs on it to reach every public
 * route: the code of a new lease offer and a paid order for the success page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCheckout } from '../src/shared/contract/checkout.ts';
import { officesResponse } from '../src/shared/contract/offices.ts';
import { addDays } from '../src/shared/domain/time.ts';
import { spaceToday } from '../src/shared/domain/zoned-time.ts';

export interface Running {
  child: ChildProcess;
  /** Stops the process and waits until it has exited, so the next one finds its port free. */
  stop(): Promise<void>;
}

/**
 * Starts a server script (built JavaScript as production runs it, or TypeScript through tsx);
 * resolves once it says it is listening. What it logs goes to `log` (its request and mail lines
 * would drown the figures).
 */
export function startProcess(script: string, env: Record<string, string>, log: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const logFd = openSync(log, 'a');
    const child = spawn(process.execPath, script.endsWith('.ts') ? ['--import', 'tsx', script] : ['--enable-source-maps', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', logFd] });
    closeSync(logFd);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    };
    child.stdout!.on('data', (d: Buffer) => {
      appendFileSync(log, d);
      if (/Serving on|ready/.test(d.toString())) resolve({ child, stop });
    });
    child.once('exit', (code, signal) => reject(new Error(`${script} exited with ${signal ?? code} (its log: ${log})`)));
  });
}

export interface AppServer extends Running {
  base: string;
  units: number;
  /** /lease/{code} of the demo offer still "new" (the first step of the lease flow). */
  leasePath: string;
}

/**
 * Our built server (`server`: build/server.js of `npm run build`) with `units` units seeded (SEED_UNITS; 25 is the demo), on a throwaway database.
 * Rate limits are lifted: the bench asks far more often than a visitor.
 */
export async function startAppServer(options: { units: number; port: number; dist: string; server: string; work: string }): Promise<AppServer> {
  const dataDir = join(options.work, `data-${options.units}`);
  const running = await startProcess(options.server, {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory',
    DATA_DIR: dataDir,
    STATIC_DIR: options.dist,
    SEED_UNITS: String(options.units),
    RATE_LIMIT_BROWSE_PER_MINUTE: '100000000',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    RATE_LIMIT_LEASE_PER_MINUTE: '100000',
  }, join(options.work, `server-${options.units}.log`));
  // The seed writes its demo offers there at first start, the only place their codes exist in clear.
  const offers = readFileSync(join(dataDir, 'demo-offers.txt'), 'utf8');
  const newOffer = /^new\s.*?(https?:\/\/\S+)$/m.exec(offers)?.[1];
  if (!newOffer) throw new Error(`bench: no "new" offer in ${dataDir}/demo-offers.txt`);
  return { ...running, base: `http://127.0.0.1:${options.port}`, units: options.units, leasePath: new URL(newOffer).pathname };
}

/**
 * A paid order, made as a visitor makes one through the public API and the built-in test
 * checkout, so the success page shows a real order. It books a conference room for a day
 * rather than renting a unit, so the offices list the bench measures stays as seeded.
 * Returns the success page's path, with the session id the checkout adds to it.
 */
export async function createPaidOrder(base: string): Promise<string> {
  const list = officesResponse.parse(await (await fetch(`${base}/public-api/offices/available`)).json());
  const room = list.data?.offices.find((o) => o.service_type === 'conference_room');
  if (!room) throw new Error('bench: no conference room to book');
  const today = spaceToday(new Date());
  // The first day ahead the room can be booked (a closed day or a booked one is refused).
  for (let days = 1; days <= 14; days++) {
    const built = buildCheckout(room, { product: 'conference_room', date: addDays(today, days) }, { today, origin: base });
    if (!built) continue;
    const opened = await fetch(`${base}/public-api/stripe/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(built.request),
    });
    const answer = (await opened.json()) as { success: boolean; checkoutUrl?: string };
    if (!answer.success || !answer.checkoutUrl) continue;
    const sessionId = new URL(answer.checkoutUrl).pathname.split('/').pop()!;
    const paid = await fetch(`${base}/public-api/test-checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ buyer_name: 'Bench Visitor', buyer_email: 'bench@example.com', card_number: '4242424242424242' }).toString(),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`bench: the test checkout's pay answered ${paid.status}`);
    const order = (await (await fetch(`${base}/public-api/orders/${sessionId}`)).json()) as { status?: string };
    if (order.status !== 'paid') throw new Error(`bench: the order is ${order.status ?? 'missing'} after paying`);
    return `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;
  }
  throw new Error(`bench: no day in the next two weeks could be booked for ${room.name}`);
}
