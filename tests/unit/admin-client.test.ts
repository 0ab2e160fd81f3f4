import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../src/server/cli/cli.ts';

/** A port nothing listens on: taken, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the staff command line without a server to call', () => {
  it('says which address did not answer and what to do, rather than "fetch failed"', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const client = httpClient(base, 'token');
    const words = `No server answers at ${base} (ECONNREFUSED): start it (npm start), or set ADMIN_URL to where it runs.`;
    await expect(client.call('GET', '/admin-api/orders')).rejects.toThrow(words);
    await expect(client.download('/admin-api/backup')).rejects.toThrow(words);
    await expect(client.upload?.('/admin-api/pad-returns', new Uint8Array([1]))).rejects.toThrow(words);
  });
});
