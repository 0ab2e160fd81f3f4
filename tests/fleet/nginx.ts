import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refused } from './connections.ts';

/** Debian's nginx, if installed (.ci/run installs it). */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** The configuration the README gives to copy: the tests run nginx with it as it is, only its ports and paths changed. */
export const siteConfigFile = join(import.meta.dirname, '../../deploy/nginx.conf');

/** `text` with `from` replaced, which must occur exactly once: the file changing under the test fails it loudly. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`deploy/nginx.conf should contain '${from}' once, found ${parts.length - 1}`);
  return parts.join(to);
}

export interface Nginx {
  port: number;
  url: string;
  /** The lines of its access log so far (deploy/nginx.conf's format). */
  accessLog: () => string[];
  stop: () => Promise<void>;
}

/**
 * nginx in the foreground with deploy/nginx.conf, listening on `port` and passing to the
 * instances on `upstreamPorts`; its pid file, logs and temporary files in a folder of its own.
 */
export async function startNginx(port: number, upstreamPorts: [number, number]): Promise<Nginx> {
  if (!nginxBinary) throw new Error('nginx is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'coworking-nginx-'));
  const accessLogFile = join(dir, 'access.log');
  let site = readFileSync(siteConfigFile, 'utf8');
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, 'server 127.0.0.1:8081 ', `server 127.0.0.1:${upstreamPorts[0]} `);
  site = replaceOnce(site, 'server 127.0.0.1:8082 ', `server 127.0.0.1:${upstreamPorts[1]} `);
  site = replaceOnce(site, '/var/log/nginx/coworking.access.log', accessLogFile);
  writeFileSync(join(dir, 'coworking.conf'), site);
  // What Debian's /etc/nginx/nginx.conf provides around the site's file, in this folder.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`),
      `  include ${join(dir, 'coworking.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  // Serving once the port answers as nginx does (not some other process that took the port).
  const answersAsNginx = async () => !(await refused(port)) && ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.headers.get('server') ?? '').startsWith('nginx');
  const deadline = Date.now() + 10_000;
  while (!(await answersAsNginx())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${output}${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    accessLog: () => (existsSync(accessLogFile) ? readFileSync(accessLogFile, 'utf8').split('\n').filter(Boolean) : []),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
