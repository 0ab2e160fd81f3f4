import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** deploy/coworking.service, as the README tells an operator to install it. */
const unitFile = join(import.meta.dirname, '../../deploy/coworking.service');
const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
if (!analyze) console.warn('systemd-analyze is not installed (apt-get install systemd; .ci/run does): the unit is not verified by systemd.');

/** Each `Key=value` of the unit, by section; a key given twice keeps both values. */
function settings(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1]!;
    else {
      const at = line.indexOf('=');
      const key = `${section}.${line.slice(0, at)}`;
      found.set(key, [...(found.get(key) ?? []), line.slice(at + 1)]);
    }
  }
  return found;
}

describe('the systemd unit (deploy/coworking.service)', () => {
  const unit = settings(readFileSync(unitFile, 'utf8'));
  const one = (key: string) => unit.get(key)?.at(-1);

  it('runs the built server with node, from the install folder, as its own user, with the environment file', () => {
    expect(one('Service.ExecStart')).toBe('/usr/bin/node --enable-source-maps /opt/coworking/build/server.js');
    expect(one('Service.WorkingDirectory')).toBe('/opt/coworking');
    expect(one('Service.EnvironmentFile')).toBe('/etc/coworking/env');
    expect(one('Service.User')).toBe('coworking');
    expect(one('Install.WantedBy')).toBe('multi-user.target');
  });

  it('restarts what fails, and leaves the drain time to finish before it kills', () => {
    expect(one('Service.Restart')).toBe('on-failure');
    expect(one('Service.KillSignal')).toBe('SIGTERM');
    // DRAIN_TIMEOUT_SECONDS is 20 by default: the process exits by itself before systemd's SIGKILL.
    expect(Number(one('Service.TimeoutStopSec'))).toBeGreaterThan(20);
  });

  it('is hardened: no new privileges, the system read-only, no capabilities', () => {
    expect(one('Service.NoNewPrivileges')).toBe('true');
    expect(one('Service.ProtectSystem')).toBe('strict');
    expect(one('Service.ProtectHome')).toBe('true');
    expect(one('Service.PrivateTmp')).toBe('true');
    expect(one('Service.CapabilityBoundingSet')).toBe('');
    expect(one('Service.StateDirectory')).toBe('coworking');
  });

  it.skipIf(!analyze)('passes systemd-analyze verify without a word, and its exposure is rated OK or better', () => {
    const verify = spawnSync(analyze!, ['verify', unitFile], { encoding: 'utf8' });
    expect(verify.stderr + verify.stdout).toBe('');
    expect(verify.status).toBe(0);
    // Exposure runs from 0.0 (locked down) to 10.0 (unprotected), the threshold in tenths: above 2.0 is no longer "OK".
    const security = spawnSync(analyze!, ['security', '--offline=true', '--threshold=20', unitFile], { encoding: 'utf8' });
    expect(security.stdout).toMatch(/Overall exposure level for coworking\.service: \d\.\d OK/);
    expect(security.status).toBe(0);
  });
});

describe('the nginx configuration (deploy/nginx.conf)', () => {
  it('is the one the README gives to copy, word for word', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const config = readFileSync(join(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
    expect(readme).toContain('```nginx\n' + config + '```\n');
  });
});
