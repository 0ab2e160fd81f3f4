import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';

/** Every error answer of the API. */
export const apiError = z.object({ success: z.literal(false), error: z.string() });
export type ApiError = z.infer<typeof apiError>;

export const isoDateString = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'));

/** A line of text a person typed (isPlainText), checked before its length. */
export function plainText(options: { min?: number; max: number; message?: string }) {
  return z.string().check(
    z.refine(isPlainText, plainTextMessage),
    ...(options.min ? [z.minLength(options.min, options.message)] : []),
    z.maxLength(options.max, options.message ?? `must be at most ${options.max} characters`),
  );
}

/** How units are named in calls (office_id, service_code, a numeric id, 'daypass'): letters, digits, '.', '_' and '-'. */
export const unitCodePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const unitCode = z.string().check(z.regex(unitCodePattern, 'must be a unit code such as OFF-101'));

/** What the checkout and the success page call a session: the provider's id, letters, digits and underscores. */
export const sessionIdPattern = /^[A-Za-z0-9_]{8,255}$/;

/** A secret token in a link or a cookie (a manage link, a staff session, a set-password link): 32 random bytes as base64url. */
export const secretTokenPattern = /^[A-Za-z0-9_-]{43}$/;
