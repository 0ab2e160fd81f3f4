/**
 * The server and the staff command line as plain JavaScript for `node` (no TypeScript at run
 * time): `build/server.js` and `build/admin.js`. Packages stay imports of node_modules, so an
 * install with `--omit=dev` runs them. `build/` is outside `dist/`, which the static server serves.
 *
 * `tsx scripts/build-server.ts [--outdir DIR]` (default build/).
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export async function buildServer(outdir: string): Promise<void> {
  await build({
    entryPoints: { server: 'src/server/index.ts', admin: 'src/server/cli/cli.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * A build of its own for a test run or a bench, in a new folder under node_modules/.cache, where
 * the built server finds its packages as build/ does (from a folder in /tmp it would find none).
 * Returns the folder (the caller removes it) and its build/server.js.
 */
export async function buildServerAside(): Promise<{ dir: string; server: string }> {
  const cache = resolve('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'built-app-'));
  await buildServer(join(dir, 'build'));
  return { dir, server: join(dir, 'build', 'server.js') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'build' } } });
  await buildServer(values.outdir);
}
