/**
 * `npm run bench`: the figures DESIGN.md §8 budgets, measured on this machine and this build.
 * - gzip bytes of the JS an inventory route loads before it renders (recorded in Chromium),
 *   of the precache, and of index.html;
 * - Lighthouse 12 (mobile defaults) on /conference and /offices;
 * - requests per second of the offices list against a bare Hono JSON route, same run.
 * It prints figures; it asserts nothing (machines are noisy), but marks what is over budget.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, ensureChromium } from './chromium.ts';

const budgets = { criticalJs: 135 * 1024, indexHtml: 14 * 1024, lighthouse: 100, throughputRatio: 0.5 };
const work = mkdtempSync(join(tmpdir(), 'coworking-bench-'));
const dist = join(work, 'dist');
const port = 4390;
const barePort = 4391;
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (d: Buffer) => {
      if (/Serving on|ready/.test(d.toString())) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}

const browserPath = ensureChromium();
if (!browserPath) throw new Error('No Chromium to measure with.');
console.log('Building…');
if (spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--manifest'], { stdio: 'ignore' }).status !== 0) throw new Error('build failed');

/**
 * The JS an inventory route needs before it renders: the entry and the inventory route's
 * chunk, with everything they import statically (what the browser must fetch and run first).
 * Chunks they import lazily (dialogs, the pending-entries indicator) are not counted.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
// The inventory's routes: the layout and the category list a visitor lands on.
const routeKeys = Object.keys(manifest).filter((k) => /routes\/_inventory(\.\$category)?\.tsx/.test(k));
if (routeKeys.length === 0) throw new Error('bench: no inventory route in the build manifest; update routeKeys');
const criticalFiles = [...staticClosure([entryKey, ...routeKeys])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

const server = await startServer('src/server/index.ts', {
  PORT: String(port),
  DATABASE_URL: 'memory',
  DATA_DIR: join(work, 'data'),
  STATIC_DIR: dist,
  RATE_LIMIT_BROWSE_PER_MINUTE: '100000000',
});
const base = `http://127.0.0.1:${port}`;
try {
  // 1. Bytes.
  const criticalJs = criticalFiles.reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
  const html = readFileSync(join(dist, 'index.html'));
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!);
  const precacheBytes = precached.reduce((n, u) => n + gz(readFileSync(join(dist, u))), 0);
  // The staff console is a build of its own under assets/staff/: visitors never download it.
  const jsOf = (files: string[]) => files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(readFileSync(f)), 0);
  const staffDir = join(dist, 'assets', 'staff');
  const allJs = jsOf(walk(join(dist, 'assets')).filter((f) => !f.startsWith(staffDir)));
  const staffJs = existsSync(staffDir) ? jsOf(walk(staffDir)) : 0;

  // 2. Lighthouse.
  const chrome = await chromeLauncher.launch({ chromePath: browserPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  const lighthouseRows: string[] = [];
  let lighthouseOk = true;
  try {
    for (const path of ['/conference', '/offices']) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      if (!result) throw new Error('lighthouse gave no result');
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map(score);
      if (scores.some((s) => s < budgets.lighthouse)) lighthouseOk = false;
      const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
      lighthouseRows.push(
        `  ${path.padEnd(12)} performance ${scores[0]}, accessibility ${scores[1]}, best practices ${scores[2]}, SEO ${scores[3]} | FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
      );
      const lcpElement = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet;
      if (lcpElement) lighthouseRows.push(`      LCP element: ${lcpElement}`);
      const bootup = (audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined)?.items ?? [];
      for (const b of bootup.slice(0, 3)) lighthouseRows.push(`      script time: ${Math.round(b.scripting)} ms ${b.url.replace(base, '')}`);
      for (const [id, audit] of Object.entries(audits)) {
        if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') lighthouseRows.push(`      failing audit: ${id}`);
      }
    }
  } finally {
    chrome.kill();
  }

  // 3. Throughput, the same load against both.
  const payload = await (await fetch(`${base}/public-api/offices/available`)).text();
  const bare = await startServer('scripts/bench-bare-server.ts', { PORT: String(barePort), BENCH_PAYLOAD: payload });
  const load = async (url: string) => {
    await autocannon({ url, connections: 20, duration: 2 });
    const r = await autocannon({ url, connections: 20, duration: 8 });
    return { rps: r.requests.average, non2xx: r.non2xx, p99: r.latency.p99 };
  };
  const ours = await load(`${base}/public-api/offices/available`);
  const yardstick = await load(`http://127.0.0.1:${barePort}/public-api/offices/available`);
  bare.kill();
  const ratio = ours.rps / yardstick.rps;

  console.log(`\nBench of this build on this machine (${new Date().toISOString()})`);
  console.log(`Critical JS of /offices before it renders: ${kb(criticalJs)} gzip in ${criticalFiles.length} files (budget ${kb(budgets.criticalJs)}: ${mark(criticalJs <= budgets.criticalJs)})`);
  console.log(`All JS of the app: ${kb(allJs)} gzip`);
  console.log(`Staff console JS (its own build, never loaded by the public pages): ${kb(staffJs)} gzip`);
  console.log(`Precache: ${precached.length} files, ${kb(precacheBytes)} gzip`);
  console.log(`index.html: ${kb(gz(html))} gzip, ${kb(html.length)} raw (budget ${kb(budgets.indexHtml)}: ${mark(html.length <= budgets.indexHtml)})`);
  console.log(`Lighthouse 12, mobile defaults (budget 100 each: ${mark(lighthouseOk)}):`);
  for (const row of lighthouseRows) console.log(row);
  console.log(`GET /public-api/offices/available: ${Math.round(ours.rps)} req/s (p99 ${ours.p99} ms, non-2xx ${ours.non2xx})`);
  console.log(`Bare Hono JSON route, same payload: ${Math.round(yardstick.rps)} req/s (p99 ${yardstick.p99} ms)`);
  console.log(`Ratio: ${ratio.toFixed(2)} (budget ≥ ${budgets.throughputRatio}: ${mark(ratio >= budgets.throughputRatio)})`);
} finally {
  server.kill();
}
