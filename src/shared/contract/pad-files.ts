import * as z from 'zod/mini';
import { isPlainText, plainTextMessage } from '../domain/text.ts';
import { isoDateString } from './common.ts';

/*
 * The PAD files managers send to the bank (/admin-api/pad-files): made for a payment date from
 * the invoices of PAD tenancies due by then, kept as made, downloaded again byte for byte.
 */

export const padFileInput = z.object({ payment_date: isoDateString });

export const padFileSummary = z.object({
  id: z.string(),
  /** The file creation number the bank sees: 1 to 9999, then 1 again. */
  number: z.number(),
  payment_date: z.string(),
  debits: z.number(),
  total_cents: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  /** Voided by a manager (rejected whole by the bank, or never sent): never to go to the bank; its debits are filed again. */
  voided: z.nullable(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
});
export type PadFileSummaryView = z.infer<typeof padFileSummary>;

/** An invoice due that the file could not carry, and why: staff mend the tenant's agreement. */
export const leftOutDebit = z.object({ invoice: z.string(), reason: z.enum(['account_number_unusable', 'banking_unreadable']) });

export const padFileMade = z.object({
  success: z.literal(true),
  /** 'existing': nothing new was ready, and a file was made for this date already (this one). */
  outcome: z.enum(['made', 'existing']),
  file: padFileSummary,
  left_out: z.array(leftOutDebit),
});

export const padFilesResponse = z.object({ success: z.literal(true), files: z.array(padFileSummary) });

/**
 * POST /admin-api/pad-files/void/:id (managers): a file the bank rejected whole, or that was never
 * sent, set aside before its debits are treated as paid, with the reason the audit trail keeps.
 */
export const padFileVoidInput = z.object({
  reason: z.string('required_fields').check(z.trim(), z.refine(isPlainText, plainTextMessage), z.minLength(1, 'required_fields'), z.maxLength(500, 'at_most_chars')),
});
export type PadFileVoidInput = z.infer<typeof padFileVoidInput>;

/** The file voided, and the invoices whose debits it closed: each owes again, and the next file carries it. */
export const padFileVoided = z.object({ success: z.literal(true), file: padFileSummary, invoices: z.array(z.string()) });

/*
 * The bank's return file, uploaded (POST /admin-api/pad-files/returns, managers): the body is the
 * file itself (text/plain, as the bank sent it), and the answer says what became of each item.
 */

/** Why a return file cannot be read, with the record (counted from 1) where it goes wrong. */
export const padReturnFileFaults = [
  /** Nothing in it. */
  'empty',
  /** A record that is not 1464 characters long (found: its length). */
  'length',
  /** The first record is not a header, 'A'. */
  'header',
  /** The last record is not a trailer, 'Z' (or a trailer before the end). */
  'trailer',
  /** A record type a return file does not carry (found: the type). */
  'type',
  /** A debit or credit record: a file of payments sent, not the bank's returns. */
  'outgoing',
  /** A record whose count is not its place in the file. */
  'count',
  /** A field that is not as the standard writes it (found: its name, after its segment). */
  'field',
  /** The trailer's totals differ from the items. */
  'totals',
  /** The file is another originator's (found: its originator id). */
  'originator',
] as const;
export type PadReturnFileFault = (typeof padReturnFileFaults)[number];

/** What became of a returned item: recorded (with what followed), recorded already, refused, or not acted on. */
export const padReturnItemResults = ['recorded', 'already', 'refused', 'not_found', 'unknown_code', 'not_ours'] as const;

/** Why a returned debit was refused: not a PAD tenancy's invoice, no debit of that date and amount, an earlier debit than its latest, or recorded with another code. */
export const padReturnRefusals = ['not_pad', 'no_matching_debit', 'not_latest_debit', 'returned_with_another_code'] as const;

export const padReturnItem = z.object({
  /** Where the item is in the file: its record (counted from 1) and segment (1 to 6). */
  record: z.number(),
  segment: z.number(),
  /** The cross-reference as the file gives it: our invoice number. */
  invoice: z.string(),
  /** The rental's customer, or the payor's name in the file when no invoice matched. */
  tenant: z.string(),
  amount_cents: z.number(),
  payment_date: z.string(),
  /** The payor's account, masked (****1234): never in clear. */
  account: z.string(),
  code: z.string(),
  result: z.enum(padReturnItemResults),
  outcome: z.nullable(z.enum(['redebit', 'no_redebit', 'stopped', 'dispute'])),
  reason: z.nullable(z.enum(padReturnRefusals)),
  /** returned_with_another_code: the code recorded before. */
  recorded_code: z.nullable(z.string()),
  redebit_on: z.nullable(z.string()),
  fee_invoice_number: z.nullable(z.string()),
});
export type PadReturnItemView = z.infer<typeof padReturnItem>;

export const padReturnFileUploaded = z.object({
  success: z.literal(true),
  file: z.object({ number: z.number(), created_on: z.string() }),
  items: z.array(padReturnItem),
  counts: z.object({ recorded: z.number(), already: z.number(), refused: z.number(), not_found: z.number(), unknown_code: z.number(), not_ours: z.number() }),
});
export type PadReturnFileUploadedView = z.infer<typeof padReturnFileUploaded>;
