/**
 * Lighthouse 12 (mobile defaults: a mid-range phone, slow 4G, 4× CPU slowdown, all simulated)
 * on the public routes, several runs each, summed up as the median and the worst of each figure:
 * the median is what a visitor usually gets, the worst how far one run can swing.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from './chromium.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

export interface LighthouseRun {
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** What to look at when a run falls short. */
  lcpElement?: string;
  scriptTime: string[];
  failingAudits: string[];
}

async function measure(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
  if (!result) throw new Error('lighthouse gave no result');
  const { categories: scored, audits, runtimeError } = result.lhr;
  // A run Lighthouse could not complete scores 0 everywhere: it says why, and counts as no run.
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? 0;
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((scored[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const lcpElement = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet;
  const bootup = (audits['bootup-time']?.details as { items?: { url: string; scripting: number }[] } | undefined)?.items ?? [];
  const origin = new URL(url).origin;
  return {
    scores,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement,
    scriptTime: bootup.slice(0, 3).map((b) => `${Math.round(b.scripting)} ms ${b.url.replace(origin, '')}`),
    failingAudits: Object.entries(audits)
      .filter(([, a]) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map(([id]) => id),
  };
}

export interface RouteRuns {
  runs: LighthouseRun[];
  /** The runs that failed, and why: left out of the figures. */
  errors: string[];
}

/**
 * `runs` Lighthouse runs of each path on `base`, taking the paths in turn (one run of each,
 * then the next round) so a noisy moment of the machine does not fall on one route only. A run
 * Lighthouse could not complete (it now and then fails to record the trace: NO_NAVSTART) measured
 * nothing: it is reported and made once more, so the median stays one of `runs` runs.
 */
export async function lighthouseRuns(chromePath: string, base: string, paths: Record<string, string>, runs: number): Promise<Map<string, RouteRuns>> {
  const results = new Map<string, RouteRuns>(Object.keys(paths).map((route) => [route, { runs: [], errors: [] }]));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    for (let i = 0; i < runs; i++) {
      for (const [route, path] of Object.entries(paths)) {
        const result = results.get(route)!;
        for (let attempt = 0; attempt < 2; attempt++) {
          const run = await measure(`${base}${path}`, chrome.port).catch((error: unknown) => {
            result.errors.push(error instanceof Error ? error.message : String(error));
            return null;
          });
          if (run) {
            result.runs.push(run);
            break;
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface LighthouseSummary {
  median: { performance: number; fcp: number; lcp: number; tbt: number; cls: number };
  /** The lowest score, the highest time or shift. */
  worst: { performance: number; fcp: number; lcp: number; tbt: number; cls: number; accessibility: number; bestPractices: number; seo: number };
  /** The run with the lowest performance, for its details. */
  worstRun: LighthouseRun;
  /** The runs the figures come from; fewer than asked for when a run failed twice. */
  completedRuns: number;
}

/** The median and the worst of the runs that completed; null when none did. */
export function summarize({ runs }: RouteRuns): LighthouseSummary | null {
  if (runs.length === 0) return null;
  const of = (pick: (r: LighthouseRun) => number) => runs.map(pick);
  const performance = of((r) => r.scores.performance);
  const worstRun = runs.reduce((a, b) => (b.scores.performance < a.scores.performance ? b : a));
  return {
    median: { performance: median(performance), fcp: median(of((r) => r.fcp)), lcp: median(of((r) => r.lcp)), tbt: median(of((r) => r.tbt)), cls: median(of((r) => r.cls)) },
    worst: {
      performance: Math.min(...performance),
      fcp: Math.max(...of((r) => r.fcp)),
      lcp: Math.max(...of((r) => r.lcp)),
      tbt: Math.max(...of((r) => r.tbt)),
      cls: Math.max(...of((r) => r.cls)),
      accessibility: Math.min(...of((r) => r.scores.accessibility)),
      bestPractices: Math.min(...of((r) => r.scores['best-practices'])),
      seo: Math.min(...of((r) => r.scores.seo)),
    },
    worstRun,
    completedRuns: runs.length,
  };
}
