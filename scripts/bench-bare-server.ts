/** The yardstick for `npm run bench`: a bare Hono JSON route answering the same payload from memory. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';

// The payload in the environment, or (a long list) in a file it names.
const text = process.env.BENCH_PAYLOAD_FILE ? readFileSync(process.env.BENCH_PAYLOAD_FILE, 'utf8') : (process.env.BENCH_PAYLOAD ?? '{"success":true}');
const payload = JSON.parse(text) as unknown;
const app = new Hono().get('/public-api/offices/available', (c) => c.json(payload as object));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'));
