import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every error the API gives: `{ success: false, error }` with a 4xx or 5xx status. */
export function jsonError(c: Context, status: ContentfulStatusCode, error: string, extra?: Record<string, unknown>) {
  return c.json({ success: false as const, error, ...extra }, status);
}
