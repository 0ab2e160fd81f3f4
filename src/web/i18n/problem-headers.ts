import type { IssueField } from '../../shared/contract/field-problems.ts';
import { problemCodeHeader, problemDetail, problemDetailHeader } from '../../shared/contract/common.ts';

/*
 * What an error answer names beside its English `error`: its problem code and that code's values
 * and fields (shared/contract/problems.ts), read from its headers. The PWA and the staff console
 * choose their own words by it, so both bundles read it here; only what words a problem loads
 * it (never the first page).
 */

/** One field of a body or query the server refused: its path, why (a field problem code) and that code's values. */
export type AnswerField = IssueField;

/** A problem as an answer named it. The code is any string: a server older or newer than this page may name codes it does not know. */
export interface ProblemAnswer {
  code: string;
  params?: Record<string, unknown> | undefined;
  fields?: readonly AnswerField[] | undefined;
}

/** base64url of UTF-8 (a unit's name may be 'Bureau Montréal'): header values are ASCII. */
function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The problem an answer's headers name, or none: no code, or a detail that does not read (then
 * the words would lack their values, and the answer's own text says it better).
 */
export function problemOfHeaders(headers: Headers | undefined): ProblemAnswer | undefined {
  const code = headers?.get(problemCodeHeader)?.trim();
  if (!code) return undefined;
  const raw = headers?.get(problemDetailHeader);
  if (raw === null || raw === undefined) return { code };
  try {
    const detail = problemDetail.safeParse(JSON.parse(fromBase64Url(raw.trim())));
    return detail.success ? { code, ...detail.data } : undefined;
  } catch {
    return undefined;
  }
}
