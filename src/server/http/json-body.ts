import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { jsonError } from './errors.ts';

type Issues = readonly z.core.$ZodIssue[];

/** The issues of a failed parse as one line, each with the field it is about. */
export function issuesText(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** The body as JSON, or not ok when it is not JSON. */
async function readJson(c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false };
  }
}

/**
 * The one way a route reads a JSON body: parsed by `schema` into `c.var.body`, or a 400 that
 * says what is wrong. `invalid` words the answer for a body that does not fit (by default its
 * issues, field by field); it may also answer the request itself (a SPEC.md text, problem codes).
 */
export function jsonBody<S extends z.ZodMiniType>(
  schema: S,
  invalid: (issues: Issues, c: Context) => string | Response = issuesText,
): MiddlewareHandler<{ Variables: { body: z.infer<S> } }> {
  return async (c, next) => {
    const json = await readJson(c);
    if (!json.ok) return jsonError(c, 400, 'The request body is not valid JSON');
    const parsed = schema.safeParse(json.body);
    if (!parsed.success) {
      const answer = invalid(parsed.error.issues, c);
      return typeof answer === 'string' ? jsonError(c, 400, answer) : answer;
    }
    c.set('body', parsed.data);
    await next();
  };
}
