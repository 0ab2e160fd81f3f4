import * as z from 'zod/mini';

/** Every error answer of the API. */
export const apiError = z.object({ success: z.literal(false), error: z.string() });
export type ApiError = z.infer<typeof apiError>;

export const isoDateString = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'));
