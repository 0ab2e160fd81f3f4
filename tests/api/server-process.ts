import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  output: () => string;
  /** Sends the process a signal (SIGTERM: the drain an orchestrator asks for). */
  signal: (signal: NodeJS.Signals) => void;
  /** Its exit code, once it has exited (null if a signal ended it). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** The server as production runs it: `node build/server.js`, built for this test run (tests/built-app.ts). */
const serverArgs = () => ['--enable-source-maps', inject('builtServer')];

/**
 * The built server as its own OS process, the way `npm run start:production` runs it. Resolves once it
 * serves, or rejects with what it printed if it exits first.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent-dist', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let startFailed: ((code: number | null) => void) | undefined;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Serving on')) {
        clearTimeout(timer);
        child.off('exit', startFailed!);
        resolve();
      }
    });
    startFailed = (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    };
    child.on('exit', startFailed);
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    signal: (signal) => child.kill(signal),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs the server with a configuration it must refuse: its exit code and everything it printed. */
export function refusedStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, serverArgs(), {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '1', HOST: '127.0.0.1', STATIC_DIR: '/nonexistent-dist', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
