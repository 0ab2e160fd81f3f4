import type { IsoDate } from './time.ts';

/** SPEC.md §9: at most 3 offices per waitlist entry; at least 1 user, 1 by default. */
export const maxOfficesPerEntry = 3;
export const minUsers = 1;
export const defaultUsers = 1;
/** Upper bounds keep a typo (or a hostile client) from storing absurd numbers. */
export const maxUsers = 10_000;
export const maxBudget = 10_000_000;
export const maxNameLength = 200;
export const maxPhoneLength = 40;

/**
 * What can be wrong with a waitlist entry, as stable codes: the checks of the entry's schema
 * (src/shared/contract/waitlist.ts) report them, each language's catalogue gives their text (the
 * English one here, which the server answers; the French one in the PWA's waitlist messages).
 */
export const waitlistProblems = [
  'bodyInvalid',
  'required',
  'nameTooLong',
  'nameInvalid',
  'emailInvalid',
  'phoneTooLong',
  'phoneInvalid',
  'officeRequired',
  'officeLimit',
  'officeInvalid',
  'officeDuplicate',
  'officeUnknown',
  'officeNotWaitlistable',
  'usersInvalid',
  'usersTooMany',
  'budgetInvalid',
  'budgetTooHigh',
  'budgetOrder',
  'dateInvalid',
  'datePast',
] as const;
export type WaitlistProblem = (typeof waitlistProblems)[number];

export function isWaitlistProblem(value: unknown): value is WaitlistProblem {
  return typeof value === 'string' && (waitlistProblems as readonly string[]).includes(value);
}

/** English texts; 'required' and 'officeRequired' are SPEC.md §5's, to the letter. */
export const waitlistProblemEn: Record<WaitlistProblem, string> = {
  bodyInvalid: 'The waitlist entry must be a JSON object',
  required: 'Please fill in all required fields',
  nameTooLong: `Name must be ${maxNameLength} characters or fewer`,
  nameInvalid: 'Name must not contain control characters',
  emailInvalid: 'Please enter a valid e-mail address',
  phoneTooLong: `Phone number must be ${maxPhoneLength} characters or fewer`,
  phoneInvalid: 'Phone number must not contain control characters',
  officeRequired: 'Please select at least one office',
  officeLimit: `Please select no more than ${maxOfficesPerEntry} offices`,
  officeInvalid: 'Offices must be given by their id from the office list',
  officeDuplicate: 'Each office can be selected only once',
  officeUnknown: 'One or more of the selected offices do not exist',
  officeNotWaitlistable: 'Only offices, desks, hot desks and parking spots have a waitlist',
  usersInvalid: 'Number of users must be a whole number of at least 1',
  usersTooMany: 'Number of users must be 10,000 or fewer',
  budgetInvalid: 'Budgets must be numbers of 0 or more',
  budgetTooHigh: 'Budgets must be $10,000,000 or less',
  budgetOrder: 'Minimum budget cannot be more than the maximum budget',
  dateInvalid: 'Desired start date must be a valid date',
  datePast: 'Desired start date cannot be in the past',
};


export function usersProblem(n: number): WaitlistProblem | null {
  if (!Number.isInteger(n) || n < minUsers) return 'usersInvalid';
  if (n > maxUsers) return 'usersTooMany';
  return null;
}

export function budgetProblem(n: number): WaitlistProblem | null {
  if (!Number.isFinite(n) || n < 0) return 'budgetInvalid';
  if (n > maxBudget) return 'budgetTooHigh';
  return null;
}

export function budgetsInOrder(min: number | undefined, max: number | undefined): boolean {
  return min === undefined || max === undefined || min <= max;
}

/** A desired start date may be today or later, counted at the space. */
export function isDateInPast(date: IsoDate, today: IsoDate): boolean {
  return date < today;
}

export type OfficeId = number | string;

function sameOffice(a: OfficeId, b: OfficeId): boolean {
  return String(a) === String(b);
}

export function hasDuplicateOffices(ids: readonly OfficeId[]): boolean {
  return new Set(ids.map(String)).size !== ids.length;
}

/** At 3 selected offices the unchecked boxes are disabled (SPEC.md §5). */
export function isSelectionFull(selected: readonly OfficeId[]): boolean {
  return selected.length >= maxOfficesPerEntry;
}

export function isOfficeChoiceDisabled(selected: readonly OfficeId[], id: OfficeId): boolean {
  return isSelectionFull(selected) && !selected.some((s) => sameOffice(s, id));
}

/** Checks or unchecks an office; a fourth office is refused, the selection stays as it was. */
export function toggleOffice(selected: readonly OfficeId[], id: OfficeId): OfficeId[] {
  if (selected.some((s) => sameOffice(s, id))) return selected.filter((s) => !sameOffice(s, id));
  if (isSelectionFull(selected)) return [...selected];
  return [...selected, id];
}

/** The enquiry form as its inputs hold it (SPEC.md §3 'Enquiry form state'). */
export interface WaitlistForm {
  customer_name: string;
  email: string;
  phone: string;
  number_of_users: string;
  budget_min: string;
  budget_max: string;
  desired_start_date: string;
  service_offering_ids: OfficeId[];
}

export function emptyWaitlistForm(preselected?: OfficeId): WaitlistForm {
  return {
    customer_name: '',
    email: '',
    phone: '',
    number_of_users: String(defaultUsers),
    budget_min: '',
    budget_max: '',
    desired_start_date: '',
    service_offering_ids: preselected === undefined ? [] : [preselected],
  };
}

/** The waitlist entry payload (SPEC.md §3): budgets and the optional fields omitted when empty. */
export interface WaitlistEntryInput {
  customer_name: string;
  email: string;
  phone?: string;
  number_of_users: number;
  budget_min?: number;
  budget_max?: number;
  desired_start_date?: IsoDate;
  service_offering_ids: OfficeId[];
}

function optionalNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

export function formToPayload(form: WaitlistForm): WaitlistEntryInput {
  const phone = form.phone.trim();
  const budgetMin = optionalNumber(form.budget_min);
  const budgetMax = optionalNumber(form.budget_max);
  const date = form.desired_start_date.trim();
  return {
    customer_name: form.customer_name.trim(),
    email: form.email.trim(),
    ...(phone ? { phone } : {}),
    number_of_users: form.number_of_users.trim() === '' ? Number.NaN : Number(form.number_of_users),
    ...(budgetMin === undefined ? {} : { budget_min: budgetMin }),
    ...(budgetMax === undefined ? {} : { budget_max: budgetMax }),
    ...(date ? { desired_start_date: date } : {}),
    service_offering_ids: [...form.service_offering_ids],
  };
}

export type WaitlistField = keyof WaitlistForm;

/**
 * The form's fields in the order their problems are reported: SPEC.md §5's required fields, then
 * the offices. The entry's schema lists its fields in this order too.
 */
export const waitlistFieldOrder: readonly WaitlistField[] = [
  'customer_name',
  'email',
  'service_offering_ids',
  'phone',
  'number_of_users',
  'budget_min',
  'budget_max',
  'desired_start_date',
];

export function isWaitlistField(value: unknown): value is WaitlistField {
  return typeof value === 'string' && (waitlistFieldOrder as readonly string[]).includes(value);
}
