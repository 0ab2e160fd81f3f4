/**
 * The offices list as the network carries it: its bytes on the wire as Chromium asks for it,
 * and how many answers a second our server gives against a bare Hono route.
 */
import autocannon from 'autocannon';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { startProcess } from './bench-server.ts';

export const listPath = '/public-api/offices/available';
/** What Chromium sends. */
const chromiumEncodings = 'br, gzip, deflate';

export interface WireSize {
  /** The body as sent, still encoded. */
  wireBytes: number;
  encoding: string;
  decodedBytes: number;
  etag: boolean;
}

/** node:http rather than fetch: fetch decodes the body, and the encoded length is the figure. */
export function wireSize(base: string): Promise<WireSize> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${listPath}`, { headers: { 'Accept-Encoding': chromiumEncodings } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[encoding] ?? ((b: Buffer) => b);
        const decoded = decode(raw);
        JSON.parse(decoded.toString('utf8')); // the decoded body must be the JSON list
        resolve({ wireBytes: raw.length, encoding, decodedBytes: decoded.length, etag: res.headers.etag !== undefined });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Throughput {
  rps: number;
  p99: number;
  non2xx: number;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<Throughput> {
  // A short warm-up first (JIT, connections), then the measured run.
  await autocannon({ url, headers, connections: 20, duration: 2 });
  const r = await autocannon({ url, headers, connections: 20, duration: 8 });
  return { rps: r.requests.average, non2xx: r.non2xx, p99: r.latency.p99 };
}

/**
 * The same load against our list (asked as curl asks, plain; then as a browser asks, compressed)
 * and against a bare Hono route answering the same JSON from memory, in the same run: the ratio
 * holds on any machine, the raw figures do not. The bare route is loaded before and after ours,
 * and its mean taken, so a machine that gets busier or quieter meanwhile does not tilt the ratio.
 */
export async function throughput(base: string, port: number, log: string): Promise<{ plain: Throughput; compressed: Throughput; bare: Throughput & { runs: number[] } }> {
  const payload = await (await fetch(`${base}${listPath}`)).text();
  const bareServer = await startProcess('scripts/bench-bare-server.ts', { PORT: String(port), BENCH_PAYLOAD: payload }, log);
  try {
    const bareUrl = `http://127.0.0.1:${port}${listPath}`;
    const before = await load(bareUrl);
    const plain = await load(`${base}${listPath}`);
    const compressed = await load(`${base}${listPath}`, { 'Accept-Encoding': 'br, gzip' });
    const after = await load(bareUrl);
    const bare = { rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99), non2xx: before.non2xx + after.non2xx, runs: [before.rps, after.rps] };
    return { plain, compressed, bare };
  } finally {
    await bareServer.stop();
  }
}
