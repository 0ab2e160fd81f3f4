/**
 * `npm run bench`: the figures docs/architecture.md §8 budgets, measured on this machine and this build,
 * at two inventory sizes side by side: the 25-unit demo and a multi-site operator's 2,000 units
 * (`--units N` changes the large size, `--only N` measures one size, `--runs K` the runs of
 * each Lighthouse route and warm start, `--routes offices,lease` a few routes,
 * `--skip lighthouse,trace,throughput,billing,books` whole parts). For each size, on a server of its own:
 * - Lighthouse 12 (mobile defaults) on the public routes, the median and the worst of K runs;
 * - the offices list's bytes on the wire, as Chromium asks for it;
 * - the offline warm start of /offices and the longest main-thread task of a first visit,
 *   from Chromium traces (scripts/bench-trace.ts);
 * and once: the JS and precache sizes, and (at 25 units) the list's requests per second against
 * a bare Hono route; last, the billing round with every unit of the large size rented
 * (scripts/bench-billing.ts), and the books of a generated year at that size (scripts/bench-books.ts).
 * It asserts nothing (machines are noisy), but marks what is over budget.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleSizes, build, type BundleSizes } from './bench-bundle.ts';
import { lighthouseRuns, median, summarize, type LighthouseSummary } from './bench-lighthouse.ts';
import { createPaidOrder, startAppServer, type AppServer } from './bench-server.ts';
import { phoneViewport, successPageShowsOrder, throttledCpu, traceOffices, type TraceRun } from './bench-trace.ts';
import { listPath, throughput, wireSize, type Throughput, type WireSize } from './bench-wire.ts';
import { ensureChromium } from './chromium.ts';
import { billingRoundBench } from './bench-billing.ts';
import { booksBench } from './bench-books.ts';
import { buildServerAside } from './build-server.ts';

const demoUnits = 25;
const budgets = {
  criticalJs: 135 * 1024,
  indexHtml: 14 * 1024,
  /** Every route, at the demo's size, and accessibility, best practices and SEO at every size. */
  lighthouseMedian: 100,
  lighthouseWorst: 98,
  /** /offices at the large size. */
  officesPerformance: 95,
  officesTbtMs: 150,
  listOnTheWire: 60 * 1024,
  warmStartMs: 300,
  /** Serializing and writing the snapshot, at any size. */
  snapshotSaveMs: 50,
  throughputRatio: 0.5,
  /** Each book (report, export, occupancy, receivables) of a year at the large size. */
  booksMs: 1000,
};

const { values: args } = parseArgs({
  options: {
    units: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    routes: { type: 'string' },
    skip: { type: 'string', default: '' },
  },
});
const largeUnits = Number(args.units);
const runs = Number(args.runs);
const sizes = args.only ? [Number(args.only)] : [demoUnits, largeUnits];
const skip = new Set(args.skip.split(',').filter(Boolean));
if (!sizes.every((n) => Number.isInteger(n) && n >= demoUnits && n <= 20000) || !(runs >= 1)) throw new Error('bench: --units/--only take 25 to 20000 units, --runs at least 1');

const work = mkdtempSync(join(tmpdir(), 'coworking-bench-'));
const dist = join(work, 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const msText = (n: number) => `${Math.round(n)} ms`;
/** A figure and its budget's verdict; null: no budget for it at this size. */
const judged = (text: string, ok: boolean | null) => (ok === null ? text : `${text} ${ok ? 'ok' : 'OVER'}`);

const browserPath = ensureChromium();
if (!browserPath) throw new Error('No Chromium to measure with.');
// Debian's chromium wrapper complains on stderr when asked its version: only stdout is read.
const chromiumVersion = execFileSync(browserPath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();

interface SizeResult {
  units: number;
  wire: WireSize;
  lighthouse: Map<string, LighthouseSummary>;
  traces: TraceRun[];
  throughput?: Awaited<ReturnType<typeof throughput>>;
}

const allRoutes = ['/conference', '/offices', '/waitlist', '/lease/{code}', '/checkout-success'];
/** --routes offices,lease: the routes whose name starts so. */
const wantedRoutes = args.routes?.split(',').map((w) => w.trim().replace(/^\//, '')).filter(Boolean);
const routes = wantedRoutes ? allRoutes.filter((route) => wantedRoutes.some((w) => route.slice(1).startsWith(w))) : allRoutes;

/** Each route's path on this server: the lease flow of its new offer, the success page of a paid order. */
async function routePaths(server: AppServer): Promise<Record<string, string>> {
  const paths: Record<string, string> = {};
  for (const route of routes) {
    if (route === '/lease/{code}') paths[route] = server.leasePath;
    else if (route === '/checkout-success') {
      const path = await createPaidOrder(server.base);
      if (!(await successPageShowsOrder(server.base, path))) throw new Error('bench: the success page does not show the paid order; Lighthouse would measure an error page');
      paths[route] = path;
    } else paths[route] = route;
  }
  return paths;
}

async function measureSize(units: number, port: number): Promise<SizeResult> {
  console.log(`\n== ${units} units${units === demoUnits ? ' (the demo)' : ''} ==`);
  console.log(`Starting a server with ${units} units…`);
  const server = await startAppServer({ units, port, dist, server: built.server, work });
  try {
    const wire = await wireSize(server.base);
    console.log(`Offices list on the wire (Accept-Encoding: br, gzip, deflate): ${kb(wire.wireBytes)} ${wire.encoding}, ${kb(wire.decodedBytes)} of JSON decoded, ETag ${wire.etag ? 'yes' : 'no'}`);

    const lighthouse = new Map<string, LighthouseSummary>();
    if (!skip.has('lighthouse')) {
      const paths = await routePaths(server);
      console.log(`Lighthouse 12, mobile defaults, ${runs} run(s) of ${Object.keys(paths).join(', ')}…`);
      for (const [route, routeRuns] of await lighthouseRuns(browserPath!, server.base, paths, runs)) {
        for (const error of routeRuns.errors) console.log(`  ${route}: a run failed, left out (a failed run is made once more): ${error}`);
        const summary = summarize(routeRuns);
        if (summary) lighthouse.set(route, summary);
      }
      printLighthouse(units, lighthouse);
    }

    let traces: TraceRun[] = [];
    if (!skip.has('trace')) {
      console.log(`Tracing /offices in Chromium, ${runs} fresh visitor(s)…`);
      const traced = await traceOffices(server.base, runs, join(work, `trace-${units}`));
      for (const error of traced.errors) console.log(`  a run failed, left out: ${error}`);
      traces = traced.runs;
      if (traces.length > 0) printTraces(traces);
    }

    let measured: SizeResult['throughput'];
    if (units === demoUnits && !skip.has('throughput')) {
      console.log(`Load on GET ${listPath} and on a bare Hono route…`);
      measured = await throughput(server.base, port + 1, join(work, 'bare-server.log'));
      printThroughput(measured);
    }
    return { units, wire, lighthouse, traces, throughput: measured };
  } finally {
    await server.stop();
  }
}

/** The budget of a route's performance at this size: the demo's for every route, the large size's for /offices only. */
function performanceOk(units: number, route: string, s: LighthouseSummary): boolean | null {
  if (units === demoUnits) return s.median.performance >= budgets.lighthouseMedian && s.worst.performance >= budgets.lighthouseWorst;
  if (route === '/offices') return s.median.performance >= budgets.officesPerformance && s.median.tbt <= budgets.officesTbtMs;
  return null;
}
/**
 * robots.txt keeps /lease/ out of search engines (a lease link is private), which Lighthouse's
 * SEO counts against it (is-crawlable): there its SEO score is shown but not budgeted.
 */
const seoBudgeted = (route: string) => !route.startsWith('/lease/');
const othersOk = (route: string, s: LighthouseSummary) => Math.min(s.worst.accessibility, s.worst.bestPractices, ...(seoBudgeted(route) ? [s.worst.seo] : [])) >= budgets.lighthouseWorst;

function printLighthouse(units: number, results: Map<string, LighthouseSummary>) {
  const budget =
    units === demoUnits
      ? `every route: performance median ${budgets.lighthouseMedian}, worst ≥ ${budgets.lighthouseWorst}`
      : `/offices: performance median ≥ ${budgets.officesPerformance}, TBT median ≤ ${budgets.officesTbtMs} ms`;
  console.log(`Lighthouse, median / worst of ${runs} (budget ${budget}; accessibility, best practices, SEO worst ≥ ${budgets.lighthouseWorst}):`);
  console.log(`  ${'route'.padEnd(26)} ${'perf'.padEnd(13)} ${'FCP'.padEnd(14)} ${'LCP'.padEnd(14)} ${'TBT'.padEnd(14)} ${'CLS'.padEnd(14)} a11y/bp/SEO worst`);
  for (const [route, s] of results) {
    const pair = (m: number, w: number, f: (n: number) => string) => `${f(m)}/${f(w)}`.padEnd(14);
    const seconds = (n: number) => (n / 1000).toFixed(2);
    console.log(
      `  ${(s.completedRuns < runs ? `${route} (${s.completedRuns} runs)` : route).padEnd(26)} ${judged(`${s.median.performance}/${s.worst.performance}`, performanceOk(units, route, s)).padEnd(13)} ${pair(s.median.fcp, s.worst.fcp, seconds)} ${pair(s.median.lcp, s.worst.lcp, seconds)} ${pair(s.median.tbt, s.worst.tbt, (n) => String(Math.round(n)))} ${pair(s.median.cls, s.worst.cls, (n) => n.toFixed(3))} ${judged(`${s.worst.accessibility}/${s.worst.bestPractices}/${s.worst.seo}`, othersOk(route, s))}${seoBudgeted(route) ? '' : ' (SEO: no budget, robots.txt keeps it out)'}`,
    );
  }
  console.log('  (FCP and LCP in s, TBT in ms.) Its worst run, to look into:');
  for (const [route, { worstRun: r }] of results) {
    console.log(`  ${route}: performance ${r.scores.performance}, LCP element ${r.lcpElement ?? '?'}`);
    if (r.scriptTime.length > 0) console.log(`      script time: ${r.scriptTime.join('; ')}`);
    if (r.failingAudits.length > 0) console.log(`      failing audits: ${r.failingAudits.join(', ')}`);
  }
}

function printTraces(traces: TraceRun[]) {
  const list = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  const warm = traces.map((t) => t.warmMs);
  const throttled = traces.map((t) => t.warmThrottledMs);
  const marks = [...new Set(traces.map((t) => t.mark))].join(', ');
  console.log(`Offline warm start of /offices (${phoneViewport.width}×${phoneViewport.height}, network off; navigation start to the first frame drawn after the list commits, marked by ${marks}):`);
  console.log(`  no CPU throttling: median ${judged(msText(median(warm)), median(warm) <= budgets.warmStartMs)} (budget ≤ ${budgets.warmStartMs} ms; runs ${list(warm)} ms; the list committed at ${list(traces.map((t) => t.warmMarkMs))} ms)`);
  console.log(`  ${throttledCpu}× CPU throttling: median ${msText(median(throttled))} (no budget; runs ${list(throttled)} ms)`);
  const longest = traces.map((t) => t.longest);
  console.log(`First visit of /offices, online, its first 5 s: longest main-thread task median ${msText(median(longest.map((t) => t.ms)))}; each run's: ${longest.map((t) => `${msText(t.ms)} at ${msText(t.atMs)} (${t.what})`).join('; ')}`);
  const saves = traces.flatMap((t) => (t.snapshotSave ? [t.snapshotSave] : []));
  if (saves.length < traces.length) console.log('  saving the snapshot: not seen in some run (no serialization or write of the persisted client in its trace)');
  if (saves.length > 0) {
    const worst = Math.max(...saves.map((s) => s.ms));
    const each = saves.map((s) => `${msText(s.ms)} = ${msText(s.serializeMs)} serialize + ${msText(s.writeMs)} write at ${msText(s.atMs)}, ${s.task ? `in a task of ${msText(s.task.ms)} at ${msText(s.task.atMs)}` : 'in no task the trace shows'}`);
    console.log(`  saving the snapshot (serialize + write, its longest save): worst ${judged(msText(worst), worst <= budgets.snapshotSaveMs)} (budget ≤ ${budgets.snapshotSaveMs} ms); each run's: ${each.join('; ')}`);
  }
}

const ratioOk = (ours: Throughput, bare: Throughput) => ours.rps / bare.rps >= budgets.throughputRatio;
function printThroughput({ plain, compressed, bare }: NonNullable<SizeResult['throughput']>) {
  const line = (t: Throughput) => `${Math.round(t.rps)} req/s (p99 ${t.p99} ms, non-2xx ${t.non2xx})`;
  console.log(`  GET ${listPath}, no Accept-Encoding: ${line(plain)}, ratio ${judged((plain.rps / bare.rps).toFixed(2), ratioOk(plain, bare))}`);
  console.log(`  the same, Accept-Encoding: br, gzip: ${line(compressed)}, ratio ${judged((compressed.rps / bare.rps).toFixed(2), ratioOk(compressed, bare))}`);
  console.log(`  bare Hono JSON route, same payload: ${line(bare)}, the mean of ${bare.runs.map((r) => Math.round(r)).join(' before and ')} after (budget: ratio ≥ ${budgets.throughputRatio})`);
}

/** The summary: one line a figure, one column a size, and the figure's budget. */
function summaryTable(results: SizeResult[], bundle: BundleSizes) {
  const rows: string[][] = [];
  const row = (label: string, budget: string, cell: (r: SizeResult) => string) => rows.push([label, ...results.map(cell), budget]);
  const onLighthouse = (route: string, cell: (s: LighthouseSummary, units: number) => string) => (r: SizeResult) => {
    const s = r.lighthouse.get(route);
    return s ? cell(s, r.units) : '-';
  };
  const onTraces = (cell: (t: TraceRun[]) => string) => (r: SizeResult) => (r.traces.length > 0 ? cell(r.traces) : '-');

  const routes = [...new Set(results.flatMap((r) => [...r.lighthouse.keys()]))];
  for (const route of routes) {
    const budget = `100/≥${budgets.lighthouseWorst} (${demoUnits})${route === '/offices' ? `; ≥${budgets.officesPerformance} (large)` : ''}`;
    row(`${route} perf median/worst`, budget, onLighthouse(route, (s, units) => judged(`${s.median.performance}/${s.worst.performance}`, performanceOk(units, route, s))));
    if (route === '/offices') {
      row('/offices TBT median', `≤ ${budgets.officesTbtMs} ms (large)`, onLighthouse(route, (s, units) => judged(msText(s.median.tbt), units === demoUnits ? null : s.median.tbt <= budgets.officesTbtMs)));
    }
  }
  if (routes.length > 0) {
    row('a11y/bp/SEO worst (not /lease)', `≥ ${budgets.lighthouseWorst}`, (r) => {
      const all = [...r.lighthouse].filter(([route]) => seoBudgeted(route));
      return all.length > 0 ? judged(String(Math.min(...all.map(([, s]) => Math.min(s.worst.accessibility, s.worst.bestPractices, s.worst.seo)))), all.every(([route, s]) => othersOk(route, s))) : '-';
    });
  }
  row('offices list on the wire', `≤ ${kb(budgets.listOnTheWire)} (large)`, (r) => judged(`${kb(r.wire.wireBytes)} ${r.wire.encoding}`, r.units === demoUnits ? null : r.wire.wireBytes <= budgets.listOnTheWire));
  row('offline warm start, median', `≤ ${budgets.warmStartMs} ms`, onTraces((t) => judged(msText(median(t.map((x) => x.warmMs))), median(t.map((x) => x.warmMs)) <= budgets.warmStartMs)));
  row(`  the same, ${throttledCpu}× CPU`, '-', onTraces((t) => msText(median(t.map((x) => x.warmThrottledMs)))));
  row('longest task, first visit', '-', onTraces((t) => msText(median(t.map((x) => x.longest.ms)))));
  row('saving the snapshot, worst', `≤ ${budgets.snapshotSaveMs} ms`, onTraces((t) => {
    const saves = t.flatMap((x) => (x.snapshotSave ? [x.snapshotSave.ms] : []));
    return saves.length > 0 ? judged(msText(Math.max(...saves)), Math.max(...saves) <= budgets.snapshotSaveMs) : 'not seen';
  }));
  row('list req/s ratio, plain / br', `≥ ${budgets.throughputRatio}`, ({ throughput: t }) => {
    if (!t) return '-';
    return [t.plain, t.compressed].map((ours) => judged((ours.rps / t.bare.rps).toFixed(2), ratioOk(ours, t.bare))).join(' / ');
  });
  // The build is the same at every size: its figures fill the first column only.
  const once = (label: string, budget: string, text: string) => rows.push([label, text, ...results.slice(1).map(() => ''), budget]);
  once('critical JS of /offices', `≤ ${kb(budgets.criticalJs)} gzip`, judged(kb(bundle.criticalJs), bundle.criticalJs <= budgets.criticalJs));
  once('index.html', `≤ ${kb(budgets.indexHtml)}`, judged(kb(bundle.indexHtmlRaw), bundle.indexHtmlRaw <= budgets.indexHtml));

  const table = [['', ...results.map((r) => `${r.units} units`), 'budget'], ...rows];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  console.log('\nSummary ("OVER": over budget; no mark: no budget at that size)');
  for (const r of table) console.log(`  ${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd());
}

console.log(`Bench of this build on this machine (${new Date().toISOString()}; ${cpus().length} × ${cpus()[0]?.model.trim()}; ${chromiumVersion}; build and server logs in ${work})`);
const startLoad = loadavg()[0]!;
console.log('Building…');
build(dist);
const built = await buildServerAside();
const bundle = bundleSizes(dist);
console.log(`Critical JS of /offices before it renders: ${kb(bundle.criticalJs)} gzip in ${bundle.criticalFiles} files (budget ${kb(budgets.criticalJs)}: ${bundle.criticalJs <= budgets.criticalJs ? 'ok' : 'OVER'})`);
console.log(`All JS of the app: ${kb(bundle.allJs)} gzip`);
console.log(`Staff console JS (its own build, never loaded by the public pages): ${kb(bundle.staffJs)} gzip`);
console.log(`Precache: ${bundle.precacheFiles} files, ${kb(bundle.precache)} gzip`);
console.log(`index.html: ${kb(bundle.indexHtmlGzip)} gzip, ${kb(bundle.indexHtmlRaw)} raw (budget ${kb(budgets.indexHtml)}: ${bundle.indexHtmlRaw <= budgets.indexHtml ? 'ok' : 'OVER'})`);

const results: SizeResult[] = [];
for (const [i, units] of sizes.entries()) results.push(await measureSize(units, 4390 + 2 * i));
summaryTable(results, bundle);
if (!skip.has('billing')) {
  // Every unit of the large inventory rented and billed on the 1st in one go, on PGlite and (with TEST_DATABASE_URL or BENCH_DATABASE_URL) PostgreSQL.
  console.log(`\n== The billing round, ${largeUnits} rentals ==`);
  for (const f of await billingRoundBench(largeUnits, 4470, work)) {
    const ratio = f.duringRps / f.bareRps;
    console.log(
      `  ${f.backend}: ${f.issued} invoices issued and ${f.succeeded} charged in ${(f.ms / 1000).toFixed(1)} s (${f.rounds} rounds, ${Math.round(f.ms / Math.max(1, f.rentals))} ms a rental); ` +
        `${listPath} during it ${Math.round(f.duringRps)} req/s, bare route ${Math.round(f.bareRps)} req/s, ratio ${judged(ratio.toFixed(2), ratio >= budgets.throughputRatio)}`,
    );
  }
}
if (!skip.has('books')) {
  // Each book of a generated year at the large size, as a manager asks for it: under a second each (the books' issue); and a month's PDFs.
  console.log(`\n== The books of a year, ${largeUnits} units ==`);
  for (const f of await booksBench(largeUnits)) {
    console.log(`  ${f.backend}:`);
    for (const b of f.books) {
      console.log(`    ${b.name}, ${b.documents} documents: ${judged(`${Math.round(b.ms)} ms`, b.budgeted ? b.ms < budgets.booksMs : null)}, ${kb(b.bytes)}, ${Math.round(b.documents / (b.ms / 1000))} documents/s`);
    }
  }
}
// Lighthouse's simulated throttling scales the CPU time it observes: other work on the machine lowers every score.
rmSync(built.dir, { recursive: true, force: true });
console.log(`Machine load (1-minute average) at the start ${startLoad.toFixed(1)}, at the end ${loadavg()[0]!.toFixed(1)}, on ${cpus().length} cores.`);
