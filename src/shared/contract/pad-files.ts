import * as z from 'zod/mini';
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
