/**
 * The server and the staff command line as plain JavaScript for `node` (no TypeScript at run
 * time): `build/server.js` and `build/admin.js`. Packages stay imports of node_modules, so an
 * install with `--omit=dev` runs them. `build/` is outside `dist/`, which the static server serves.
 *
 * `tsx scripts/build-server.ts [--outdir DIR]` (default build/).
 */
import { build } from 'esbuild';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'build' } } });
  await buildServer(values.outdir);
}
