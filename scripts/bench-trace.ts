/**
 * What `npm run bench` reads from Chromium traces of /offices, with Playwright's Chromium on a
 * phone-sized page:
 * - the offline warm start: a returning visitor with the network off opens /offices; from the
 *   navigation's start to the first frame drawn once the list is in the page (the app marks
 *   `inventory:list-rendered` when the list first commits; a row's arrival in the DOM, if sooner);
 * - the longest main-thread task of the first, online visit, while the list loads and the
 *   inventory snapshot is saved, and the task that saves it.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { chromiumArgs, findChromium } from './chromium.ts';

/** The app's mark, when its list first commits. */
const listMark = 'inventory:list-rendered';
/**
 * The moment a row appears in the DOM (a MutationObserver's mark, in the commit itself): it
 * stands in for listMark where the app does not set it, or sets it late (in an effect that runs
 * after the frame that shows the list; then no frame may follow it).
 */
const rowMark = 'bench:row-in-dom';
/** The marks around each save of the snapshot, [start, end]. */
const marks = {
  serialize: ['bench:snapshot-serialize-start', 'bench:snapshot-serialize-end'],
  write: ['bench:snapshot-write-start', 'bench:snapshot-write-end'],
  saved: 'bench:snapshot-saved',
} as const;
const categories = ['devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline.frame', 'toplevel', '__metadata'];
const firstRow = '[id^="office-"]';
export const phoneViewport = { width: 390, height: 844 };
export const throttledCpu = 4;
/** How long a warm start runs untouched by the harness: its slowest run, at 4× CPU, is about a second. */
const warmStartQuietMs = 3000;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; functionName?: string; url?: string } };
}

/**
 * Runs in the page before its own scripts. It marks the first row's arrival in the DOM, and,
 * for each save of the snapshot (TanStack Query's persisted client: a `clientState` with a
 * `buster`), the start and end of its serialization (JSON.stringify) and of its write, to
 * localStorage or to IndexedDB whatever the key, then the moment it is stored (IndexedDB: its
 * transaction complete). Plain JavaScript in a string: tsx compiles the bench's own functions
 * with calls to a helper (__name) that the page does not have.
 */
const instrument = `
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(firstRow)})) {
      performance.mark(${JSON.stringify(rowMark)});
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  const isSnapshot = (value) =>
    typeof value === 'string'
      ? value.startsWith('{') && value.includes('"clientState"') && value.includes('"buster"')
      : typeof value === 'object' && value !== null && 'clientState' in value && 'buster' in value;
  // Replaces holder[method] with the same function, marked around its calls on the snapshot.
  const timed = (holder, method, valueAt, [start, end], after) => {
    const original = holder[method];
    Object.defineProperty(holder, method, {
      configurable: true,
      writable: true,
      value(...args) {
        if (!isSnapshot(args[valueAt])) return original.apply(this, args);
        performance.mark(start);
        try {
          return original.apply(this, args);
        } finally {
          performance.mark(end);
          after?.(this);
        }
      },
    });
  };
  const stored = () => performance.mark(${JSON.stringify(marks.saved)});
  timed(JSON, 'stringify', 0, ${JSON.stringify(marks.serialize)});
  timed(Storage.prototype, 'setItem', 1, ${JSON.stringify(marks.write)}, stored);
  timed(IDBObjectStore.prototype, 'put', 0, ${JSON.stringify(marks.write)}, (store) => store.transaction.addEventListener('complete', stored));
`;

/**
 * Traces `action` and reads the trace with `read`. A trace it cannot read is kept as
 * `<keep>.json`, to open in Chrome's performance panel and see why.
 */
async function traced<T>(browser: Browser, page: Page, keep: string, action: () => Promise<void>, read: (events: TraceEvent[], rowAtMs: number) => T): Promise<T> {
  await browser.startTracing(page, { categories });
  await action();
  const trace = await browser.stopTracing();
  const rowAtMs = await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN, rowMark);
  try {
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    // In time order (a trace lists each thread's events in its own run), so a find is the first.
    return read(traceEvents.sort((a, b) => a.ts - b.ts), rowAtMs);
  } catch (error) {
    writeFileSync(`${keep}.json`, trace);
    throw new Error(`${error instanceof Error ? error.message : String(error)} (trace kept in ${keep}.json)`, { cause: error });
  }
}

/**
 * The page's navigation to `url` in the trace: when it started, in which renderer. A renderer
 * started for the navigation may join the trace just after its navigationStart: then the start
 * is read back from the row's mark, whose time in the page counts from that very start.
 */
function navigationOf(events: TraceEvent[], url: string, rowAtMs: number) {
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url) ??
    events.filter((e) => e.name === rowMark && Number.isFinite(rowAtMs)).map((e) => ({ ...e, ts: e.ts - rowAtMs * 1000 }))[0];
  if (!nav) throw new Error(`bench: no navigationStart of ${url} in the trace, nor a row's mark`);
  const compositor = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'Compositor');
  return { start: nav.ts, pid: nav.pid, mainThread: nav.tid, compositorThread: compositor?.tid };
}

const ms = (microseconds: number) => microseconds / 1000;

/**
 * Navigation start to the first frame drawn with the list: the first compositor commit after
 * the list commits (the first of listMark and rowMark), which carries the new DOM, then the
 * first frame drawn after that commit.
 */
function warmStartOf(events: TraceEvent[], url: string, rowAtMs: number): { ms: number; markMs: number; mark: string } {
  const nav = navigationOf(events, url, rowAtMs);
  const after = (t: number) => (e: TraceEvent) => e.pid === nav.pid && e.ts >= t;
  // The first of the two (events are in time order).
  const mark = events.find((e) => (e.name === listMark || e.name === rowMark) && after(nav.start)(e));
  if (!mark) throw new Error(`bench: neither ${listMark} nor a row in the trace of ${url}`);
  const onCompositor = (e: TraceEvent) => nav.compositorThread === undefined || e.tid === nav.compositorThread;
  const commit = events.find((e) => e.name === 'Commit' && (e.ph === 'b' || e.ph === 'X' || e.ph === 'B') && onCompositor(e) && after(mark.ts)(e));
  const drawn = events.find((e) => e.name === 'DrawFrame' && onCompositor(e) && after(commit?.ts ?? mark.ts)(e));
  if (!drawn) throw new Error(`bench: no frame drawn after ${mark.name} in the trace of ${url}`);
  return { ms: ms(drawn.ts - nav.start), markMs: ms(mark.ts - nav.start), mark: mark.name };
}

export interface Task {
  ms: number;
  /** When it started, after the navigation's start. */
  atMs: number;
  /** Its largest part (a script's function, a layout, a timer…), to tell what it was. */
  what: string;
}

export interface SnapshotSave {
  /** Its serialization and its write: what saving the snapshot itself holds the main thread for. */
  ms: number;
  serializeMs: number;
  writeMs: number;
  /** When its write began, from the navigation. */
  atMs: number;
  /** The task it ran in, with whatever else that task did; null when the trace shows none around it. */
  task: Task | null;
}

/** The longest task of the page's main thread, and the longest save of the snapshot. */
function tasksOf(events: TraceEvent[], url: string, rowAtMs: number): { longest: Task; snapshotSave: SnapshotSave | null } {
  const nav = navigationOf(events, url, rowAtMs);
  const onMain = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.mainThread && e.ts >= nav.start;
  const tasks = events.filter((e) => onMain(e) && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'));
  const describe = (task: TraceEvent): Task => {
    const end = task.ts + task.dur!;
    const parts = events.filter((e) => onMain(e) && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < end && e.dur! < task.dur! && !/RunTask|mojo/i.test(e.name));
    const largest = parts.sort((a, b) => b.dur! - a.dur!)[0];
    const fn = largest?.args?.data?.functionName;
    return { ms: ms(task.dur!), atMs: ms(task.ts - nav.start), what: largest ? `${largest.name}${fn ? ` ${fn}` : ''}` : 'nothing finer in the trace' };
  };
  const longest = tasks.reduce((a, b) => (b.dur! > a.dur! ? b : a));

  // Each [start, end] of a pair of marks, in time order.
  const spans = ([start, end]: readonly [string, string]) =>
    events.filter((e) => e.name === start && onMain(e)).map((s) => ({ start: s.ts, end: events.find((e) => e.name === end && onMain(e) && e.ts >= s.ts)?.ts ?? s.ts }));
  const serializations = spans(marks.serialize);
  const saves = spans(marks.write).map((write): SnapshotSave => {
    // The serialization just before the write is its own (a persister that stores the object as it is has none).
    const serialized = serializations.filter((s) => s.end <= write.start).at(-1);
    const serializeMs = serialized ? ms(serialized.end - serialized.start) : 0;
    const writeMs = ms(write.end - write.start);
    const task = tasks.filter((t) => t.ts <= write.start && write.start < t.ts + t.dur!).sort((a, b) => b.dur! - a.dur!)[0];
    return { ms: serializeMs + writeMs, serializeMs, writeMs, atMs: ms(write.start - nav.start), task: task ? describe(task) : null };
  });
  return { longest: describe(longest), snapshotSave: saves.length > 0 ? saves.reduce((a, b) => (b.ms > a.ms ? b : a)) : null };
}

export interface TraceRun {
  /** Offline warm start, CPU as is, then slowed down `throttledCpu` times. */
  warmMs: number;
  warmThrottledMs: number;
  /** When the list was committed (its mark), unthrottled: the rest of warmMs is painting it. */
  warmMarkMs: number;
  /** Which mark the warm start was measured from: the app's, or the row's when it came first. */
  mark: string;
  longest: Task;
  /** The longest save of the snapshot during the first visit. */
  snapshotSave: SnapshotSave | null;
}

async function oneRun(browser: Browser, base: string, keep: string): Promise<TraceRun> {
  const url = `${base}/offices`;
  const context: BrowserContext = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
  try {
    await context.addInitScript({ content: instrument });
    const page = await context.newPage();
    // A renderer for the site before tracing (robots.txt: no app, no service worker), so the
    // visit's first moments are not lost while a new renderer joins the trace.
    await page.goto(`${base}/robots.txt`);
    // 1. The first visit, online: the list, the service worker taking control, the snapshot saved.
    const firstVisit = async () => {
      const started = Date.now();
      await page.goto(url);
      await page.locator(firstRow).first().waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, marks.saved, { timeout: 30_000 });
      // At least five seconds of the visit, and the moment after the save.
      await page.waitForTimeout(Math.max(500, 5000 - (Date.now() - started)));
    };
    const { longest, snapshotSave } = await traced(browser, page, `${keep}-online`, firstVisit, (events, rowAtMs) => tasksOf(events, url, rowAtMs));

    // 2. The warm start, network off: the service worker serves the app, the snapshot the list.
    await context.setOffline(true);
    const warmStart = async () => {
      await page.goto(url);
      // Nothing of Playwright's runs in the page while the app starts: its script, put in the page
      // on the first wait for an element or a function, held the main thread 15 to 20 ms in the
      // middle of the start measured. The waits below then only confirm the list came.
      await new Promise((resolve) => setTimeout(resolve, warmStartQuietMs));
      await page.locator(firstRow).first().waitFor();
      await page.waitForFunction((names) => names.some((n) => performance.getEntriesByName(n).length > 0), [listMark, rowMark]);
      // A few frames more, so the one that shows the list is in the trace.
      await page.waitForTimeout(500);
    };
    const warm = await traced(browser, page, `${keep}-offline`, warmStart, (events, rowAtMs) => warmStartOf(events, url, rowAtMs));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttledCpu });
    const throttled = await traced(browser, page, `${keep}-offline-throttled`, warmStart, (events, rowAtMs) => warmStartOf(events, url, rowAtMs));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { warmMs: warm.ms, warmThrottledMs: throttled.ms, warmMarkMs: warm.markMs, mark: warm.mark, longest, snapshotSave };
  } finally {
    await context.close();
  }
}

/**
 * `runs` fresh visitors of /offices on `base`, each with its first visit and its warm starts.
 * A run that fails is told in `errors` and left out; an unreadable trace is kept under `keepAs`.
 */
export async function traceOffices(base: string, runs: number, keepAs: string): Promise<{ runs: TraceRun[]; errors: string[] }> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const results: TraceRun[] = [];
  const errors: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      await oneRun(browser, base, `${keepAs}-${i + 1}`).then(
        (run) => results.push(run),
        (error: unknown) => errors.push(error instanceof Error ? error.message : String(error)),
      );
    }
  } finally {
    await browser.close();
  }
  return { runs: results, errors };
}

/** Whether the success page shows the paid order (its receipt link), not an error, before Lighthouse measures it. */
export async function successPageShowsOrder(base: string, path: string): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: phoneViewport });
    await page.goto(`${base}${path}`);
    return await page
      .locator('a[href$="/receipt.pdf"]')
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
  } finally {
    await browser.close();
  }
}
