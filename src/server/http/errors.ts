import type { Context } from 'hono';
import { problemCodeHeader, problemDetailHeader } from '../../shared/contract/common.ts';
import { problemStatus, problemText, type Problem } from '../../shared/contract/problems.ts';

/**
 * Every error the API gives: the body SPEC.md §7 and docs/architecture.md §5 fix, `{ success: false, error }`
 * with the problem's English text, and beside it, in headers, what a client words itself: the
 * problem's code, and its values and fields when it has any (shared/contract/problems.ts).
 * `extra` carries what one answer's body adds (a booking's refusal reason, an already-signed agreement).
 */
export function problemAnswer(c: Context, problem: Problem, extra?: Record<string, unknown>) {
  c.header(problemCodeHeader, problem.code);
  const detail = { ...(problem.params === undefined ? {} : { params: problem.params }), ...(problem.fields && problem.fields.length > 0 ? { fields: problem.fields } : {}) };
  if (Object.keys(detail).length > 0) c.header(problemDetailHeader, Buffer.from(JSON.stringify(detail)).toString('base64url'));
  return c.json({ success: false as const, error: problemText(problem), ...extra }, problemStatus(problem));
}
