import * as z from 'zod/mini';
import { isPlainText } from '../domain/text.ts';
import { isIsoDate } from '../domain/time.ts';
import { unitCodePattern } from './common.ts';
import {
  budgetProblem,
  budgetsInOrder,
  hasDuplicateOffices,
  isValidEmail,
  isWaitlistProblem,
  maxNameLength,
  maxOfficesPerEntry,
  maxPhoneLength,
  usersProblem,
  type WaitlistProblem,
} from '../domain/waitlist-rules.ts';

/*
 * Every issue message below is a WaitlistProblem key, so the web can show it in the visitor's
 * language and the server can answer its English text.
 */

const officeId = z.union(
  [
    z.int('officeInvalid').check(z.positive('officeInvalid')),
    z.string('officeInvalid').check(z.trim(), z.regex(unitCodePattern, 'officeInvalid')),
  ],
  'officeInvalid',
);

const budget = z.nullish(
  z.number('budgetInvalid').check(
    z.superRefine((n, ctx) => {
      const problem = budgetProblem(n);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: n });
    }),
  ),
);

/**
 * SPEC call 4's body, the waitlist entry payload of SPEC.md §3. The shape lists the fields in
 * the order the form reports their problems (required fields, then the offices).
 */
export const waitlistEntryPayload = z
  .object(
    {
      customer_name: z
        .string('required')
        .check(z.refine(isPlainText, 'nameInvalid'), z.trim(), z.minLength(1, 'required'), z.maxLength(maxNameLength, 'nameTooLong')),
      email: z.string('required').check(
        z.trim(),
        z.minLength(1, 'required'),
        z.refine((e) => e.length === 0 || isValidEmail(e), 'emailInvalid'),
      ),
      service_offering_ids: z
        .array(officeId, 'officeRequired')
        .check(
          z.minLength(1, 'officeRequired'),
          z.maxLength(maxOfficesPerEntry, 'officeLimit'),
          z.refine((ids) => !hasDuplicateOffices(ids), 'officeDuplicate'),
        ),
      phone: z.nullish(z.string('phoneInvalid').check(z.refine(isPlainText, 'phoneInvalid'), z.trim(), z.maxLength(maxPhoneLength, 'phoneTooLong'))),
      number_of_users: z.number('usersInvalid').check(
        z.superRefine((n, ctx) => {
          const problem = usersProblem(n);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: n });
        }),
      ),
      budget_min: budget,
      budget_max: budget,
      desired_start_date: z.nullish(z.string('dateInvalid').check(z.refine(isIsoDate, 'dateInvalid'))),
    },
    'bodyInvalid',
  )
  .check(
    z.refine((e) => budgetsInOrder(e.budget_min ?? undefined, e.budget_max ?? undefined), {
      message: 'budgetOrder',
      path: ['budget_max'],
    }),
  );
export type WaitlistEntryPayload = z.infer<typeof waitlistEntryPayload>;

/** The first problem a failed parse of waitlistEntryPayload reports. */
export function waitlistProblemOf(error: { issues: readonly { message: string }[] }): WaitlistProblem {
  const message = error.issues[0]?.message;
  return isWaitlistProblem(message) ? message : 'bodyInvalid';
}

/** 201 answer of SPEC call 4 (its success shape is 'not shown' there; this server gives the id). */
export const waitlistEntryCreated = z.object({ success: z.literal(true), id: z.union([z.number(), z.string()]) });
export type WaitlistEntryCreated = z.infer<typeof waitlistEntryCreated>;

/** One entry as staff see it (GET /admin-api/waitlist). Budgets in dollars. */
export const waitlistEntryRecord = z.object({
  id: z.number(),
  created_at: z.string(),
  customer_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  number_of_users: z.number(),
  budget_min: z.nullable(z.number()),
  budget_max: z.nullable(z.number()),
  desired_start_date: z.nullable(z.string()),
  offices: z.array(z.object({ id: z.number(), office_id: z.string(), name: z.string() })),
});
export type WaitlistEntryRecord = z.infer<typeof waitlistEntryRecord>;

export const waitlistListResponse = z.object({
  success: z.literal(true),
  /** next_cursor: pass it as ?cursor= for the next page; null on the last one. */
  data: z.object({ entries: z.array(waitlistEntryRecord), next_cursor: z.nullable(z.string()) }),
});
export type WaitlistListResponse = z.infer<typeof waitlistListResponse>;
