/** Canadian pre-authorized debit account numbers (SPEC §9 'Banking'). */
export const transitNumberLength = 5;
export const institutionNumberLength = 3;
/** Canadian account numbers run 7 to 12 digits: the CPA-005 debit record's account field holds 12. */
export const accountNumberMinLength = 7;
export const accountNumberMaxLength = 12;
/** How many digits the account input keeps while typing or pasting: more than any account, so a number too long is told, not cut. */
const accountInputCap = 20;

export interface BankingNumbers {
  transit_number: string;
  institution_number: string;
  account_number: string;
}

/** What a banking input keeps of what is typed or pasted: digits only, up to `cap` of them. */
export function digitsOnly(value: string, cap?: number): string {
  const digits = value.replace(/\D+/g, '');
  return cap === undefined ? digits : digits.slice(0, cap);
}

export const bankingInput = {
  transit_number: (value: string) => digitsOnly(value, transitNumberLength),
  institution_number: (value: string) => digitsOnly(value, institutionNumberLength),
  account_number: (value: string) => digitsOnly(value, accountInputCap),
} as const satisfies Record<keyof BankingNumbers, (value: string) => string>;

/**
 * The signing checks of SPEC §5, as message keys, in the order they run, with ours after its
 * five payload checks: an account number the PAD file can carry (7 to 12 digits).
 */
export const signingProblems = [
  'signatureMissing',
  'bankingIncomplete',
  'institutionNumberLength',
  'transitNumberLength',
  'accountNumberDigits',
  'accountNumberLength',
  'termsNotAccepted',
] as const;
export type SigningProblem = (typeof signingProblems)[number];

/** SPEC §5's texts, to the letter (accountNumberLength is ours); the French catalogue of the PWA carries its own. */
export const signingProblemMessages: Record<SigningProblem, string> = {
  signatureMissing: 'Please provide your signature',
  bankingIncomplete: 'Please fill in all banking information fields',
  institutionNumberLength: 'Institution number must be exactly 3 digits',
  transitNumberLength: 'Transit number must be exactly 5 digits',
  accountNumberDigits: 'Account number must contain only numbers',
  accountNumberLength: `Account number must be ${accountNumberMinLength} to ${accountNumberMaxLength} digits`,
  termsNotAccepted: 'Please confirm that you agree to the terms and conditions',
};

export interface SigningPayloadInput {
  /** The signature image as a data URL; empty or absent when the pad is blank. */
  signature: string | null | undefined;
  banking: Partial<Record<keyof BankingNumbers, string | null | undefined>>;
}

export interface SigningFormInput extends SigningPayloadInput {
  termsAccepted: boolean;
}

/**
 * Checks 1 to 5, the ones a signing payload (SPEC call 9) can answer (the terms box lives only
 * in the form), then the account number's length. The first problem found, or null.
 */
export function firstPayloadProblem(input: SigningPayloadInput): SigningProblem | null {
  if (!input.signature || input.signature.trim() === '') return 'signatureMissing';
  const transit = input.banking.transit_number?.trim() ?? '';
  const institution = input.banking.institution_number?.trim() ?? '';
  const account = input.banking.account_number?.trim() ?? '';
  if (transit === '' || institution === '' || account === '') return 'bankingIncomplete';
  if (!new RegExp(`^\\d{${institutionNumberLength}}$`).test(institution)) return 'institutionNumberLength';
  if (!new RegExp(`^\\d{${transitNumberLength}}$`).test(transit)) return 'transitNumberLength';
  if (!/^\d+$/.test(account)) return 'accountNumberDigits';
  if (account.length < accountNumberMinLength || account.length > accountNumberMaxLength) return 'accountNumberLength';
  return null;
}

/** All six checks of SPEC §5 in their order: the first problem found, or null. */
export function firstSigningProblem(input: SigningFormInput): SigningProblem | null {
  return firstPayloadProblem(input) ?? (input.termsAccepted ? null : 'termsNotAccepted');
}

/** An account number as answers and documents show it: only its last digits. */
export function maskAccountNumber(account: string): string {
  const shown = account.length > 6 ? 4 : Math.max(0, account.length - 3);
  return `****${account.slice(account.length - shown)}`;
}
