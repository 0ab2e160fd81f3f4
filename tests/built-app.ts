/**
 * Vitest's global set-up for the suites that run the server as its own process: the server built
 * once per run as production runs it (`node build/server.js`, no TypeScript at run time) and, for
 * the fleet, the PWA's production build, both into a folder of this run's own.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerAside } from '../scripts/build-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** build/server.js of this run. */
    builtServer: string;
    /** The PWA's dist/ of this run ('' where the suite has none). */
    builtDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const { dir, server } = await buildServerAside();
  project.provide('builtServer', server);
  if (project.name === 'fleet') {
    const { build } = await import('vite');
    await build({ logLevel: 'warn', build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
    project.provide('builtDist', join(dir, 'dist'));
  } else project.provide('builtDist', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
