import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { officesResponse } from '../../src/shared/contract/offices.ts';
import { freePort } from '../api/server-process.ts';
import { freshPostgresDatabase } from '../api/test-app.ts';

/**
 * Build once, run many: what `npm run build` made (dist/ and build/), copied with package.json
 * and its lockfile into a folder of its own and installed there without the build-time packages
 * (`npm install --omit=dev`), runs with the `start:production` script and `npm run admin`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('The fleet tests need a PostgreSQL server: set TEST_DATABASE_URL');

const adminToken = 'install-admin-token-0123456789abcdef';

/** An npm script run to its end in `cwd`: its exit code and what it printed. */
function npm(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync('npm', args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the build installed without its build-time packages', () => {
  let app: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), 'coworking-install-'));
    copyFileSync('package.json', join(app, 'package.json'));
    copyFileSync('package-lock.json', join(app, 'package-lock.json'));
    cpSync(inject('builtDist'), join(app, 'dist'), { recursive: true });
    await buildServer(join(app, 'build'));
    const install = npm(app, ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline']);
    expect(install.status, install.output).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await dropDatabase?.();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('has none of the build-time packages', () => {
    const buildTime = ['vite', 'vite-plugin-pwa', '@vitejs/plugin-react', '@tanstack/router-plugin', 'tsx', 'esbuild', 'typescript', 'vitest', 'react', 'react-dom'];
    const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    expect(buildTime.filter((name) => !(name in devDependencies))).toEqual([]);
    expect(buildTime.filter((name) => existsSync(join(app, 'node_modules', name)))).toEqual([]);
    expect(existsSync(join(app, 'node_modules', 'hono'))).toBe(true);
  });

  it('serves the PWA and the API with the start:production script, answers npm run admin, and stops cleanly on SIGTERM', async () => {
    const fresh = await freshPostgresDatabase(serverUrl, 'install');
    dropDatabase = fresh.drop;
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: fresh.url, DATA_DIR: join(app, 'data'), ADMIN_TOKEN: adminToken, SEED: 'demo' };
    // The script's own command, as a unit file runs it: the server is the process, so SIGTERM and the exit code are its own (npm would stand between).
    const { scripts } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const server = spawn('sh', ['-c', `exec ${scripts['start:production']}`], { cwd: app, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not serving within 60 s:\n${output}`)), 60_000);
        server.stdout.on('data', () => {
          if (output.includes('Serving on')) {
            clearTimeout(timer);
            resolve();
          }
        });
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const page = await fetch(`${base}/offices`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const offices = await fetch(`${base}/public-api/offices/available`);
      expect(offices.status).toBe(200);
      expect(officesResponse.parse(await offices.json()).data?.offices.length).toBeGreaterThan(0);

      const admin = npm(app, ['run', '-s', 'admin', '--', 'offer', 'list'], { ADMIN_URL: base, ADMIN_TOKEN: adminToken });
      expect(admin.status, admin.output).toBe(0);
      expect(admin.output).toContain('Nordik Analytics');
    } finally {
      if (server.exitCode === null) server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
