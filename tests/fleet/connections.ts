import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Whether a new connection to the port on this machine is refused (nothing listens there). */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port below the kernel's range for outgoing connections, as a server's fixed port is.
 * A port from that range, left free while its server restarts, may meanwhile be taken as the
 * local end of one of the many connections a proxy opens, and the server could not listen again.
 */
export async function fixedPort(): Promise<number> {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const top = Math.min(low ?? 32768, 32768);
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if (!handedOut.has(port) && (await bindable(port))) {
      handedOut.add(port);
      return port;
    }
  }
}
const handedOut = new Set<number>();
