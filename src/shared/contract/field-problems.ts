import type * as z from 'zod/mini';

/** One field of a refused body or query: its path, why (a field problem code of problems.ts) and that code's values. */
export interface IssueField {
  path: string;
  code: string;
  params?: Record<string, unknown>;
}

/**
 * A failed check with a shared schema as the fields of a refused body, as the server lists them
 * and the PWA and the console check their forms: each issue's path and, where its message is a
 * field code (`isCode`), that code with the bound zod gives it; else zod's own issue code
 * (when `isCode` knows it, else 'custom') with zod's English.
 */
export function issueFieldsOf(issues: readonly z.core.$ZodIssue[], isCode: (code: string) => boolean): IssueField[] {
  return issues.map((issue): IssueField => {
    const path = issue.path.map(String).join('.');
    if (isCode(issue.message)) {
      const bounds = {
        ...('minimum' in issue ? { minimum: Number(issue.minimum) } : {}),
        ...('maximum' in issue ? { maximum: Number(issue.maximum) } : {}),
      };
      return { path, code: issue.message, ...(Object.keys(bounds).length > 0 ? { params: bounds } : {}) };
    }
    return { path, code: isCode(issue.code) ? issue.code : 'custom', params: { message: issue.message } };
  });
}
