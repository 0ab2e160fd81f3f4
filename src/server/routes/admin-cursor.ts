import * as z from 'zod';

/**
 * Staff lists are read a page at a time, newest first: the cursor is where the last page ended
 * (opaque to the caller, base64url of its position), so a page never skips or repeats a row
 * even while new rows arrive.
 */
export function encodeCursor(position: Record<string, string | number>): string {
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
