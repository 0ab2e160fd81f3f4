import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how much, a connection closing over a body it did not read goes on reading it. */
export interface Lingering {
  ms: number;
  bytes: number;
}

export const defaultLingering: Lingering = { ms: 2_000, bytes: 16 * 1024 * 1024 };

/**
 * A connection answered with `Connection: close` before its request body was read (a 413, a 401)
 * is closed the way nginx closes it: the answer, then the server's end of the connection, then
 * the rest of the body read and thrown away for a while, then the socket. Node would close the
 * socket as soon as the answer is written, and a socket closed with unread bytes in it is reset:
 * a client still sending its body gets a broken pipe instead of the answer. Reading on is
 * bounded (`limits`), so a body that never ends costs at most that.
 */
export function lingerOverUnreadBodies(server: Server, limits: Lingering = defaultLingering): void {
  const requestOf = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => requestOf.set(req.socket, req));
  server.on('connection', (socket: Socket) => {
    const closeSoon = socket.destroySoon.bind(socket);
    let lingering = false;
    // Node's server closes a connection whose answer said `Connection: close` through this.
    socket.destroySoon = () => {
      const req = requestOf.get(socket);
      if (lingering) return;
      if (!req || req.complete || socket.destroyed) return closeSoon();
      lingering = true;
      linger(socket, req, closeSoon, limits);
    };
  });
}

function linger(socket: Socket, req: IncomingMessage, closeSoon: () => void, limits: Lingering): void {
  // The answer goes out whole, followed by the end of the server's side: the client reads it.
  socket.end();
  let read = 0;
  const stop = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(stop, limits.ms);
  timer.unref();
  // Whatever was reading the body (a stream the handler let go of) would hold on to it or pause it.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limits.bytes) stop();
  });
  // The whole body read, nothing is left to reset the connection over.
  req.once('end', () => {
    clearTimeout(timer);
    closeSoon();
  });
  req.once('error', stop);
  socket.once('close', () => clearTimeout(timer));
  req.resume();
}
