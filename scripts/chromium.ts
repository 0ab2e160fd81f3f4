import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser the tests drive: CHROME_PATH, else the system's Chromium, else undefined (Playwright's own). */
export function findChromium(): string | undefined {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return candidates.find((p) => existsSync(p));
}

/** Installs Debian's chromium when no browser is found and this machine can (root with apt-get). */
export function ensureChromium(): string | undefined {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) return undefined;
  console.log('No Chromium found: installing Debian’s chromium package…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  return findChromium();
}

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
