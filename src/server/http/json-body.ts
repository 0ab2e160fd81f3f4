import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { issueFieldsOf } from '../../shared/contract/field-problems.ts';
import { fieldsProblem, isNamedFieldProblem, problem, schemaIssueCodes, type FieldProblem, type Problem } from '../../shared/contract/problems.ts';
import { problemAnswer } from './errors.ts';

type Issue = z.core.$ZodIssue;

/** A body answers at most this many of its fields' problems. */
const maxFields = 20;

const isFieldCode = (code: string) => isNamedFieldProblem(code) || (schemaIssueCodes as readonly string[]).includes(code);

/**
 * A failed parse's issues as the API lists them (at most `maxFields`): each field's path and code.
 * The shared schemas' messages are field codes (problems.ts); zod's own checks keep zod's code and English.
 */
export function fieldProblemsOf(issues: readonly Issue[]): FieldProblem[] {
  return issueFieldsOf(issues.slice(0, maxFields), isFieldCode) as FieldProblem[];
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
 * lists what is wrong field by field. `invalid` names the problem of a body that does not fit (by
 * default invalid_request with its fields); it may also answer the request itself.
 */
export function jsonBody<S extends z.ZodMiniType>(
  schema: S,
  invalid: (fields: FieldProblem[], c: Context, issues: readonly Issue[]) => Problem | Response = (fields) => fieldsProblem('invalid_request', fields),
): MiddlewareHandler<{ Variables: { body: z.infer<S> } }> {
  return async (c, next) => {
    const json = await readJson(c);
    if (!json.ok) return problemAnswer(c, problem('invalid_json'));
    const parsed = schema.safeParse(json.body);
    if (!parsed.success) {
      const answer = invalid(fieldProblemsOf(parsed.error.issues), c, parsed.error.issues);
      return answer instanceof Response ? answer : problemAnswer(c, answer);
    }
    c.set('body', parsed.data);
    await next();
  };
}
