/**
 * The build `npm run bench` measures, and its sizes: gzip bytes of the JS an inventory route
 * needs before it renders, of all the app's JS, of the staff console's, of the precache, and
 * index.html.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}

/** A production build into `dist`, with Vite's manifest (which chunk imports which). */
export function build(dist: string): void {
  if (spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--manifest'], { stdio: 'ignore' }).status !== 0) throw new Error('build failed');
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleSizes {
  criticalJs: number;
  criticalFiles: number;
  allJs: number;
  staffJs: number;
  precacheFiles: number;
  precache: number;
  indexHtmlGzip: number;
  indexHtmlRaw: number;
}

export function bundleSizes(dist: string): BundleSizes {
  /**
   * The JS an inventory route needs before it renders: the entry and the inventory route's
   * chunk, with everything they import statically (what the browser must fetch and run first).
   * Chunks they import lazily (dialogs, the pending-entries indicator) are not counted.
   */
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const staticClosure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const k of manifest[key]?.imports ?? []) visit(k);
    };
    keys.forEach(visit);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  // The inventory's routes: the layout and the category list a visitor lands on.
  const routeKeys = Object.keys(manifest).filter((k) => /routes\/_inventory(\.\$category)?\.tsx/.test(k));
  if (routeKeys.length === 0) throw new Error('bench: no inventory route in the build manifest; update routeKeys');
  const criticalFiles = [...staticClosure([entryKey, ...routeKeys])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

  const html = readFileSync(join(dist, 'index.html'));
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!);
  // The staff console is a build of its own under assets/staff/: visitors never download it.
  const jsOf = (files: string[]) => files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(readFileSync(f)), 0);
  const staffDir = join(dist, 'assets', 'staff');
  return {
    criticalJs: jsOf(criticalFiles.map((f) => join(dist, f))),
    criticalFiles: criticalFiles.length,
    allJs: jsOf(walk(join(dist, 'assets')).filter((f) => !f.startsWith(staffDir))),
    staffJs: existsSync(staffDir) ? jsOf(walk(staffDir)) : 0,
    precacheFiles: precached.length,
    precache: precached.reduce((n, u) => n + gz(readFileSync(join(dist, u))), 0),
    indexHtmlGzip: gz(html),
    indexHtmlRaw: html.length,
  };
}
