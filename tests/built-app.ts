/**
 * Vitest's global set-up for the suites that run the server as its own process: the server built
 * once per run as production runs it (`node build/server.js`, no TypeScript at run time) and, for
 * the fleet, the PWA's production build, both into a folder of this run's own: under the
 * project's node_modules, where the built server finds its packages as it does in build/.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** build/server.js of this run. */
    builtServer: string;
    /** The PWA's dist/ of this run ('' where the suite has none). */
    builtDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cache = resolve('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'built-app-'));
  await buildServer(join(dir, 'build'));
  project.provide('builtServer', join(dir, 'build', 'server.js'));
  if (project.name === 'fleet') {
    const { build } = await import('vite');
    await build({ logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
    project.provide('builtDist', join(dir, 'dist'));
  } else project.provide('builtDist', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
