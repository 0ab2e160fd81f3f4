import type { Context } from 'hono';
import * as z from 'zod';
import { staffEmail } from '../../shared/contract/staff.ts';

/*
 * The ids staff routes take in their path, read by one set of schemas: what does not parse is a
 * 400 before any query, so a value the database's column type would refuse never reaches it.
 */

/** A record's number (offices, waitlist entries, lease offers): a positive int4, written plainly (no sign, no leading zero). */
export const recordNumber = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);

/** A record's UUID (orders, outbox messages, staff accounts), as PostgreSQL writes it: lower case. */
export const recordUuid = z.uuid().transform((id) => id.toLowerCase());

/** A staff account in a path: its id, or its e-mail (as the sign-in reads it: trimmed, any case). */
export const staffKey = z.union([recordUuid.transform((id) => ({ id })), z.string().max(254).pipe(staffEmail).transform((email) => ({ email }))]);

/** The path parameter `name` read by `schema`, or null when it does not fit. */
export function pathParam<T>(c: Context, schema: z.ZodType<T, string>, name = 'id'): T | null {
  const parsed = schema.safeParse(c.req.param(name) ?? '');
  return parsed.success ? parsed.data : null;
}
