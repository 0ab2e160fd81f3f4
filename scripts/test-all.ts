/**
 * `npm test`: every suite, one after the other, then one line that sums them all:
 * type-check (one tsconfig per runtime), lint, unit, API on PGlite, API on PostgreSQL (when
 * TEST_DATABASE_URL names a server), the production build, and the e2e journeys in Chromium
 * (Debian's chromium is installed first when no browser is found and this machine can).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.ts';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
}
const results: SuiteResult[] = [];
const work = mkdtempSync(join(tmpdir(), 'coworking-tests-'));
const bin = (name: string) => join('node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

/** A check that passes or fails as a whole (type-check, lint, build). */
function check(name: string, command: string, args: string[]): boolean {
  const ok = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  return ok;
}

function vitest(name: string, project: string, env: NodeJS.ProcessEnv = {}): void {
  const out = join(work, `${name}.json`);
  const ok = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (!existsSync(out)) {
    results.push({ name, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numTotalTestSuites: number; testResults: { status: string }[] };
  // A file that fails to load has no tests in it but still fails the run.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed').length;
  const failed = report.numFailedTests + (report.numFailedTests === 0 && (brokenFiles > 0 || !ok) ? Math.max(brokenFiles, 1) : 0);
  results.push({ name, passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests });
}

function playwright(name: string, env: NodeJS.ProcessEnv): void {
  const out = join(work, `${name}.json`);
  const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) {
    results.push({ name, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const { stats } = JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  const failed = stats.unexpected + (stats.unexpected === 0 && !ok ? 1 : 0);
  results.push({ name, passed: stats.expected + stats.flaky, failed, skipped: stats.skipped });
}

check('typecheck (web)', bin('tsc'), ['-p', 'tsconfig.json']);
check('typecheck (service worker)', bin('tsc'), ['-p', 'src/sw/tsconfig.json']);
check('typecheck (server, shared, tests)', bin('tsc'), ['-p', 'tsconfig.node.json']);
check('lint', bin('oxlint'), ['--deny-warnings', 'src', 'tests', 'scripts']);
check('layers (no import cycle, features apart)', bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
vitest('unit', 'unit');
vitest('api (PGlite)', 'api', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api (PostgreSQL)', 'api', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  vitest('fleet (2 servers, PostgreSQL)', 'fleet', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API suite runs on PGlite only, and the fleet suite (two servers on one PostgreSQL) does not run (.ci/run runs both).');
}

// The PWA into this run's folder, the server and its command line into build/ (where they find node_modules), as `npm run build` does.
const built = check('production build', bin('vite'), ['build', '--outDir', join(work, 'dist')]) && check('production build (server)', bin('tsx'), ['scripts/build-server.ts']);
const browser = ensureChromium();
if (!built) results.push({ name: 'e2e (Chromium)', passed: 0, failed: 1, skipped: 0 });
else if (!browser) {
  console.log('\nNo Chromium and no way to install one: the e2e suite cannot run.');
  results.push({ name: 'e2e (Chromium)', passed: 0, failed: 1, skipped: 0 });
} else playwright('e2e (Chromium)', { E2E_DIST: join(work, 'dist'), CHROME_PATH: browser });

console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name.padEnd(36)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
