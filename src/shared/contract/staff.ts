import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';
import { secretTokenPattern } from './common.ts';

/** A staff password: long enough to resist guessing, short enough to hash quickly (NIST SP 800-63B). */
export const staffPasswordRules = { min: 12, max: 200 } as const;

export const staffEmail = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.refine(isPlainText, plainTextMessage),
  z.email('email_invalid'),
  z.maxLength(254, 'email_too_long'),
);

export const staffPassword = z
  .string('password_required')
  .check(
    z.minLength(staffPasswordRules.min, 'password_too_short'),
    z.maxLength(staffPasswordRules.max, 'password_too_long'),
  );

/** POST /admin-api/session: sign in. */
export const signInInput = z.object({
  email: staffEmail,
  password: z.string('password_required').check(z.minLength(1, 'password_required'), z.maxLength(staffPasswordRules.max, 'sign_in_wrong')),
});

/** POST /admin-api/session/password: a set-password link used. */
export const setPasswordInput = z.object({
  token: z.string().check(z.regex(secretTokenPattern, 'link_incomplete')),
  password: staffPassword,
});

/**
 * POST /admin-api/staff: a new account (no password: a one-time set-password link is made).
 * POST /admin-api/staff/:id/reset (an id or an e-mail) answers as an account made with a link:
 * the account, and a new link that replaces any earlier one.
 */
/** Managers alone make and download PAD files, see deposits and give roles; staff do every other console task. */
export const staffRoles = ['manager', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const addStaffInput = z.object({
  email: staffEmail,
  /** Staff unless said: a manager's role is given on purpose. */
  role: z.optional(z.enum(staffRoles)),
  name: z.optional(z.nullable(z.string().check(z.trim(), z.refine(isPlainText, plainTextMessage), z.maxLength(120)))),
  password: z.optional(staffPassword),
});

export const staffMember = z.object({ id: z.string(), email: z.string(), name: z.nullable(z.string()), role: z.enum(staffRoles) });

export const staffRoleInput = z.object({ role: z.enum(staffRoles) });
export type StaffMemberView = z.infer<typeof staffMember>;

/** GET /admin-api/session: who is signed in (null for a script with the admin token). */
export const sessionResponse = z.object({ success: z.literal(true), staff: z.nullable(staffMember) });

export const staffAccount = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(staffRoles),
  has_password: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** What the audit trail records: every staff change, and signing in. */
export const auditActions = [
  'signed_in',
  'password_set',
  'password_reset',
  'staff_added',
  'staff_disabled',
  'staff_role_changed',
  'pad_file_made',
  'pad_file_downloaded',
  'pad_file_voided',
  'backup_downloaded',
  'books_exported',
  'pad_return_recorded',
  'pad_revocation_recorded',
  'deposit_returned',
  'unit_created',
  'unit_updated',
  'unit_retired',
  'days_cancelled',
  'waitlist_contacted',
  'waitlist_deleted',
  'waitlist_offered',
  'waitlist_skipped',
  'waitlist_paused',
  'waitlist_resumed',
  'offer_created',
  'offer_resent',
  'offer_expired',
  'message_retried',
  'invoice_retried',
  'invoice_payment_recorded',
  'rental_ended',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** A line of an audit trail: who did what, when (ISO instant). */
export const auditEntry = z.object({
  actor: z.string(),
  action: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
