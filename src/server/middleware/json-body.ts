import type { Context } from 'hono';

/** The body as JSON, or undefined when it is not JSON: every route reads bodies this one way. */
export async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false };
  }
}

/** The issues of a failed parse as one line, each with the field it is about. */
export function issuesText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
