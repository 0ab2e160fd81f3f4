import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';

/** Every error answer of the API. */
export const apiError = z.object({ success: z.literal(false), error: z.string() });
export type ApiError = z.infer<typeof apiError>;

/** The header that names an error answer's problem code (problems.ts). */
export const problemCodeHeader = 'problem-code';
/** The header that carries its values and fields, when it has any: base64url of `problemDetail` as JSON (header values are ASCII). */
export const problemDetailHeader = 'problem-detail';

/** What the detail header holds, as a client reads it (an unknown code or value falls back to the body's `error`). */
export const problemDetail = z.object({
  params: z.optional(z.record(z.string(), z.unknown())),
  fields: z.optional(z.array(z.object({ path: z.string(), code: z.string(), params: z.optional(z.record(z.string(), z.unknown())) }))),
});
export type ProblemDetail = z.infer<typeof problemDetail>;

export const isoDateString = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date_format'));

/** A line of text a person typed (isPlainText), checked before its length. */
export function plainText(options: { min?: number; max: number; message?: string }) {
  return z.string().check(
    z.refine(isPlainText, plainTextMessage),
    ...(options.min ? [z.minLength(options.min, options.message)] : []),
    z.maxLength(options.max, options.message ?? 'too_long'),
  );
}

/** How units are named in calls (office_id, service_code, a numeric id, 'daypass'): letters, digits, '.', '_' and '-'. */
export const unitCodePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const unitCode = z.string().check(z.regex(unitCodePattern, 'unit_code'));

/** What the checkout and the success page call a session: the provider's id, letters, digits and underscores. */
export const sessionIdPattern = /^[A-Za-z0-9_]{8,255}$/;

/** A secret token in a link or a cookie (a manage link, a staff session, a set-password link): 32 random bytes as base64url. */
export const secretTokenPattern = /^[A-Za-z0-9_-]{43}$/;
