import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

/**
 * The client's address. Behind `trustedProxies` proxies, each appends the address it received
 * the request from to X-Forwarded-For, so the client is that many entries from the right: what
 * stands to the left of it was written by the client and proves nothing. With fewer entries
 * than proxies, the leftmost one is the best there is.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies <= 0) return socketAddress(c);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const socket = socketAddress(c);
  const hops = [...forwarded, socket];
  return bareAddress(hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? '') ?? socket;
}

/**
 * An address as proxies write it, without the port some of them add ('198.51.100.7:52114',
 * '[2001:db8::1]:443'); undefined when it is not an IP address at all. A port counted as part
 * of the address would give every new connection a fresh budget.
 */
function bareAddress(entry: string): string | undefined {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d+)?$/.exec(entry)?.[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry)?.[1];
  const candidate = bracketed ?? withPort ?? entry;
  return isIP(candidate) ? candidate : undefined;
}

/**
 * The key a limit counts an address under. An IPv6 client usually holds a whole /64, so it is
 * counted as one; otherwise rotating the last 64 bits would give it a fresh budget each time.
 */
export function limitKey(address: string): string {
  const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(bare) !== 6) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
