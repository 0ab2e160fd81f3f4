import * as z from 'zod';
import { isPlainText } from '../../shared/domain/text.ts';
import { isIsoDate } from '../../shared/domain/time.ts';

/**
 * Staff lists are read a page at a time, newest first: the cursor is where the last page ended
 * (opaque to the caller, base64url of its position), so a page never skips or repeats a row
 * even while new rows arrive.
 */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function cursorSchema<T extends z.ZodType>(position: T) {
  return z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/)
    .transform((text, ctx) => {
      try {
        const parsed = position.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
        if (parsed.success) return parsed.data as z.infer<T>;
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: 'custom', message: 'cursor is not one this server gave' });
      return z.NEVER;
    });
}

export const pageLimit = z.coerce.number().int().min(1).max(1000).default(500);

/** Where a page of a list kept by creation time ended: that instant (to the microsecond, as PostgreSQL keeps it) and the last row's id. */
export const instantPosition = z.object({
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/)
    .refine((at) => isIsoDate(at.slice(0, 10))),
  id: z.string().max(64).refine(isPlainText),
});
