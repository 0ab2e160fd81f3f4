import { Hono } from 'hono';
import { problem } from '../../shared/contract/problems.ts';
import { bearerMatches } from '../http/bearer.ts';
import { problemAnswer } from '../http/errors.ts';
import type { Metrics } from '../http/metrics.ts';

/**
 * GET /metrics for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>`: without it, 401
 * and nothing else. Never cached, never rate-limited, never logged per request (as /healthz).
 */
export function metricsRoutes(metrics: Metrics, token: string) {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return problemAnswer(c, problem('metrics_token_invalid'));
    }
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType });
  });
  return app;
}
