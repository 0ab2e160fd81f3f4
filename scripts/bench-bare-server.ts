/** The yardstick for `npm run bench`: a bare Hono JSON route answering the same payload from memory. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const payload = JSON.parse(process.env.BENCH_PAYLOAD ?? '{"success":true}') as unknown;
const app = new Hono().get('/public-api/offices/available', (c) => c.json(payload as object));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('ready'));
