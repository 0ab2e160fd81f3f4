import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { TestApp } from './test-app.ts';

/** The app behind a real HTTP server on loopback, for what only a socket shows (body limits, keep-alive). */
export async function listen(t: Pick<TestApp, 'app'>): Promise<{ port: number; close: () => Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** What a raw socket received, and whether the server closed it. */
export interface RawExchange {
  text: string;
  closedByServer: boolean;
  bytesSent: number;
}

/**
 * Writes `head` on a raw socket, then body chunks from `chunks` as long as the server lets it,
 * and reports what came back once the server answers and closes, or `waitMs` passes.
 */
export function rawExchange(port: number, head: string, chunks: () => string | null, waitMs = 5000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let bytesSent = 0;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedByServer, bytesSent });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    const pump = () => {
      for (;;) {
        if (done || socket.destroyed) return;
        const next = chunks();
        if (next === null) return;
        bytesSent += next.length;
        if (!socket.write(next)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.write(head, () => pump());
  });
}
