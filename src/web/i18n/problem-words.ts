import type { FieldProblem, FieldProblemCode, ProblemCode, ProblemParams } from '../../shared/contract/problems.ts';
import { isIsoDate, longDate } from '../../shared/domain/time.ts';
import type { Lang } from './i18n.tsx';
import type { AnswerField, ProblemAnswer } from './problem-headers.ts';

/*
 * How the PWA and the staff console word the API's problems (shared/contract/problems.ts) in
 * their own catalogues: typed by code, so that a code without words fails the type check. The
 * catalogues are imported only by what shows a problem (dialogs, forms, the pages behind links),
 * never by the first page, whose JavaScript has a budget (docs/architecture.md §8).
 */

/** Words for every code of C, from the code's values and its fields already worded ('' when it lists none). */
export type ProblemWords<C extends ProblemCode> = { readonly [K in C]: (params: ProblemParams<K>, fields: string) => string };

type FieldParams<C extends FieldProblemCode> = NonNullable<Extract<FieldProblem, { code: C }>['params']>;

/** Words for every field problem code: what is wrong with one field, said beside it. */
export type FieldProblemWords = { readonly [C in FieldProblemCode]: (params: FieldParams<C>) => string };

/** A field's problem after its path, as a list of fields says it ('name: A name is required'). */
export function labelled(path: string, text: string, lang: Lang): string {
  return lang === 'fr' ? `${path} : ${text}` : `${path}: ${text}`;
}

/** A day of a problem's values ('2026-12-02') as the language writes it; anything else as it came. */
export function problemDay(value: string, lang: Lang): string {
  return isIsoDate(value.slice(0, 10)) ? longDate(value, lang === 'fr' ? 'fr-CA' : 'en-CA') : value;
}

/** 'December 2, 2026, December 3, 2026' */
export function problemDays(values: readonly string[], lang: Lang): string {
  return values.map((d) => problemDay(d, lang)).join(', ');
}

/** The words of one field's problem, or none for a code these words do not know (a newer server's). */
export function fieldProblemText(words: FieldProblemWords, field: AnswerField): string | undefined {
  if (!Object.hasOwn(words, field.code)) return undefined;
  try {
    return (words[field.code as FieldProblemCode] as (params: unknown) => string)(field.params ?? {}) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A problem in `words`, or none when it named no code, a code these words do not know, or a field
 * whose code they do not know (an older or newer server): the caller then shows the answer's own
 * `error`, which SPEC.md §8 has clients show, and failing that its own generic text.
 */
export function problemText<C extends ProblemCode>(words: ProblemWords<C>, fieldWords: FieldProblemWords, lang: Lang, problem: ProblemAnswer | undefined): string | undefined {
  const code = problem?.code;
  if (!code || !Object.hasOwn(words, code)) return undefined;
  const fields: string[] = [];
  for (const field of (problem.fields ?? []).slice(0, 5)) {
    const text = fieldProblemText(fieldWords, field);
    if (text === undefined) return undefined;
    fields.push(field.path ? labelled(field.path, text, lang) : text);
  }
  try {
    return (words[code as C] as (params: unknown, fields: string) => string)(problem.params ?? {}, fields.join('; ')) || undefined;
  } catch {
    return undefined;
  }
}
