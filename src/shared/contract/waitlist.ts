import * as z from 'zod/mini';
import { isPlainText, isValidEmail } from '../domain/text.ts';
import { isIsoDate, type IsoDate } from '../domain/time.ts';
import { unitCodePattern } from './common.ts';
import { waitlistEntryStates, waitlistUnitStatuses } from '../domain/waitlist-states.ts';
import {
  budgetProblem,
  budgetsInOrder,
  formToPayload,
  hasDuplicateOffices,
  isDateInPast,
  isWaitlistField,
  isWaitlistProblem,
  maxNameLength,
  maxOfficesPerEntry,
  maxPhoneLength,
  usersProblem,
  waitlistFieldOrder,
  type WaitlistField,
  type WaitlistForm,
  type WaitlistProblem,
} from '../domain/waitlist-rules.ts';

/*
 * One validation of a waitlist entry, for the server and the form alike. Every issue's message
 * below is a WaitlistProblem code, never prose: the server answers the code's English text, the
 * form shows the code's text in the visitor's language, by field.
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

type Payload = z.core.ParsePayload;

/**
 * When an entry-wide rule runs: once the entry is an object and the fields the rule reads have
 * passed their own checks, so each field shows one problem, its own.
 */
function whenFieldsPassed(...fields: WaitlistField[]): (payload: Payload) => boolean {
  return (payload) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || (fields as readonly PropertyKey[]).includes(field);
    });
}

/**
 * SPEC call 4's body, the waitlist entry payload of SPEC.md §3. The shape lists the fields in
 * the order the form reports their problems (waitlistFieldOrder: required fields, then the offices).
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
      /** An addition to SPEC's payload: the visitor's language, for the acknowledgement; anything else counts as none. */
      language: z.optional(z.catch(z.optional(z.enum(['en', 'fr'])), undefined)),
    },
    'bodyInvalid',
  )
  .check(
    z.refine((e) => budgetsInOrder(e.budget_min ?? undefined, e.budget_max ?? undefined), {
      message: 'budgetOrder',
      path: ['budget_max'],
      when: whenFieldsPassed('budget_min', 'budget_max'),
    }),
  );
export type WaitlistEntryPayload = z.infer<typeof waitlistEntryPayload>;

/**
 * The entry as the enquiry form may send it: the payload's checks, and a desired start date of
 * today or later, counted at the space. The server does not refuse a past date: an entry queued
 * offline may arrive days after the visitor filled it in, and it must not be lost for that.
 */
export function waitlistFormEntry(today: IsoDate) {
  return waitlistEntryPayload.check(
    z.refine((e) => !e.desired_start_date || !isDateInPast(e.desired_start_date, today), {
      message: 'datePast',
      path: ['desired_start_date'],
      when: whenFieldsPassed('desired_start_date'),
    }),
  );
}

interface ProblemIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function problemOf(issue: ProblemIssue): WaitlistProblem {
  return isWaitlistProblem(issue.message) ? issue.message : 'bodyInvalid';
}

/** The first problem a failed parse of waitlistEntryPayload reports: what the server answers. */
export function waitlistProblemOf(error: { issues: readonly { message: string }[] }): WaitlistProblem {
  const message = error.issues[0]?.message;
  return isWaitlistProblem(message) ? message : 'bodyInvalid';
}

export type WaitlistFieldProblems = Partial<Record<WaitlistField, WaitlistProblem>>;

/** Each field's first problem, from the issues of a parse of the entry's schema. */
export function waitlistFieldProblemsOf(issues: readonly ProblemIssue[]): WaitlistFieldProblems {
  const found: WaitlistFieldProblems = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isWaitlistField(field)) found[field] ??= problemOf(issue);
  }
  return found;
}

/** The enquiry form checked: the entry to send, or each field's problem and every problem in the order the form reports them. */
export type WaitlistFormCheck =
  | { ok: true; entry: WaitlistEntryPayload }
  | { ok: false; fields: WaitlistFieldProblems; problems: WaitlistProblem[] };

export function checkWaitlistForm(form: WaitlistForm, today: IsoDate): WaitlistFormCheck {
  const parsed = waitlistFormEntry(today).safeParse(formToPayload(form));
  if (parsed.success) return { ok: true, entry: parsed.data };
  const fields = waitlistFieldProblemsOf(parsed.error.issues);
  const problems: WaitlistProblem[] = [];
  for (const field of waitlistFieldOrder) {
    const problem = fields[field];
    if (problem && !problems.includes(problem)) problems.push(problem);
  }
  // An issue outside the fields cannot come from the form's inputs; it still stops the send.
  if (problems.length === 0) problems.push(problemOf(parsed.error.issues[0] ?? { path: [], message: '' }));
  return { ok: false, fields, problems };
}

/** Each field's problem, if it has one, so the form can mark the field and say why. */
export function waitlistFieldProblems(form: WaitlistForm, today: IsoDate): WaitlistFieldProblems {
  const checked = checkWaitlistForm(form, today);
  return checked.ok ? {} : checked.fields;
}

/**
 * The response header in which the server names the problem of a refused entry by its code, beside
 * the English `error` text of the body: the PWA shows the text of the code in the visitor's language.
 */
export const waitlistProblemHeader = 'waitlist-problem';

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
  offices: z.array(
    z.object({
      id: z.number(),
      office_id: z.string(),
      name: z.string(),
      /** Where the entry stands for this unit, its place in line while waiting, and while offered the offer's end. */
      status: z.enum(waitlistUnitStatuses),
      place: z.nullable(z.number()),
      offer_expires_at: z.nullable(z.string()),
    }),
  ),
  /** The entry as a whole: waiting, offered, claimed, declined, expired, skipped or left. */
  state: z.enum(waitlistEntryStates),
  /** When staff marked the person contacted (ISO instant); null: not yet. */
  contacted_at: z.optional(z.nullable(z.string())),
  /** The language the visitor used; null for an entry that did not say. */
  language: z.optional(z.nullable(z.enum(['en', 'fr']))),
});
export type WaitlistEntryRecord = z.infer<typeof waitlistEntryRecord>;

export const waitlistListResponse = z.object({
  success: z.literal(true),
  /** next_cursor: pass it as ?cursor= for the next page; null on the last one. */
  data: z.object({ entries: z.array(waitlistEntryRecord), next_cursor: z.nullable(z.string()) }),
});
export type WaitlistListResponse = z.infer<typeof waitlistListResponse>;
