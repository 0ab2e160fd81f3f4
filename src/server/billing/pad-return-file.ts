import * as z from 'zod';
import type { PadReturnFileFault } from '../../shared/contract/pad-files.ts';
import type { IsoDate } from '../../shared/domain/time.ts';

/*
 * The bank's return file: Payments Canada's Standard 005 as a bank sends it back to the
 * originator, read here (no maintained parser of CPA-005 returns exists on npm; @cityssm only
 * writes files, so this reader is ours, written against the same positions that
 * tests/unit/cpa005.test.ts checks of the files we send). The file is untrusted input: every field
 * we use is checked, and anything off names the record and what is wrong.
 *
 * Records are 1464 characters. The standard defines fixed-length logical records with no
 * separator between them; banks (and @cityssm/eft-generator) write them one a line, CR LF. Both
 * are read: lines ending CR LF, LF or CR, or one long line cut every 1464 characters.
 * - A, the header: 2-10 the record count (000000001), 11-20 the originator id, 21-24 the file
 *   creation number, 25-30 the creation date (Julian, 0YYDDD), 31-35 the data centre, 56-58 the currency.
 * - J (returned debits) and I (returned credits): 2-10 the record count, 11-24 as the header's
 *   11-24, then six segments of 240 characters from position 25, blank when unused. A segment
 *   (positions within it): 1-3 the transaction type, 4-13 the amount in cents, 14-19 the date of
 *   the original debit (0YYDDD), 20-28 the payor's institution (0, institution, transit), 29-40
 *   the payor's account, 41-62 the item trace, 63-65 the stored transaction type, 66-80 and
 *   111-140 our names, 81-110 the payor's name, 141-150 the user id, 151-169 our cross-reference
 *   (our invoice number), 170-178 and 179-190 the institution and account the item went back to,
 *   191-205 the sundry information, 206-227 the original item's trace, 228-229 the settlement
 *   code, 230-240 the invalid data element id (which fields an edit reject, 900, found wrong).
 * - Z, the trailer: 2-10 the record count, 11-24 as the header's, 25-38 and 39-46 the value and
 *   number of debits (the J items here), 47-60 and 61-68 those of credits (the I items).
 * The CPA-007 return code: a returned item carries it as its transaction type (1-3) and keeps the
 * original one (402) as the stored transaction type (63-65); a bank that writes them the other
 * way round is read too, since no original transaction type is a return code (900-999). Which of
 * the two a given bank uses was not confirmed against a primary source (the README says so).
 */

export const recordLength = 1464;
const segmentLength = 240;
const segmentCount = 6;
/** SUB, the end-of-file mark some systems still write after the last record. */
const endOfFile = String.fromCharCode(0x1a);

export interface ReturnedItem {
  /** The logical record (counted from 1, the header being 1) and its segment (1 to 6). */
  record: number;
  segment: number;
  /** J: a debit we sent, returned; I: a credit returned (we send none). */
  kind: 'debit' | 'credit';
  /** The CPA-007 return code as the file gives it (not yet known to be one we act on). */
  returnCode: string;
  /** The original transaction type (402, commercial rent). */
  transactionType: string;
  amountCents: number;
  /** The date of the debit returned: the PAD file's payment date. */
  paymentDate: IsoDate;
  institution: string;
  transit: string;
  /** The payor's account number, in clear: held in memory only, never logged, stored or answered (mask it). */
  account: string;
  payorName: string;
  /** Our invoice number, as our file wrote it. */
  crossReference: string;
  invalidDataElements: string;
}

export interface ReturnFile {
  originatorId: string;
  fileNumber: number;
  createdOn: IsoDate;
  items: ReturnedItem[];
}

export interface ReturnFileFault {
  /** The logical record at fault, counted from 1 (0: the file as a whole). */
  record: number;
  fault: PadReturnFileFault;
  /** What was found there (a record type, a length, a field's name): short, printable. */
  found: string;
}

export type ReturnFileRead = { ok: true; file: ReturnFile } | { ok: false; fault: ReturnFileFault };

/** Characters `from` to `to` of a record or segment, both included, counted from 1 as the standard counts them. */
const field = (text: string, from: number, to: number) => text.slice(from - 1, to);

/** What a fault may echo of the file: printable, short. */
const shown = (text: string) => text.replace(/[^ -~]/g, '?').trim().slice(0, 24);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 0YYDDD (the year's last two digits and the day of the year) as an ISO date, or null. */
export function julianToIso(julian: string): IsoDate | null {
  const match = /^0(\d{2})(\d{3})$/.exec(julian);
  if (!match) return null;
  const year = 2000 + Number(match[1]);
  const day = Number(match[2]);
  if (day < 1 || day > (isLeapYear(year) ? 366 : 365)) return null;
  const date = new Date(Date.UTC(year, 0, day));
  return date.toISOString().slice(0, 10) as IsoDate;
}

const julianDate = z.string().transform((text, ctx) => {
  const iso = julianToIso(text);
  if (iso === null) ctx.addIssue({ code: 'custom', message: 'julian_date' });
  return iso ?? ('' as IsoDate);
});

/** The fields of a segment we act on, each as the standard writes it. */
const segmentFields = z.object({
  transaction_type: z.string().regex(/^\d{3}$/),
  amount: z
    .string()
    .regex(/^\d{10}$/)
    .transform(Number)
    .refine((cents) => cents > 0),
  payment_date: julianDate,
  institution_id: z.string().regex(/^0\d{8}$/),
  account: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => /^[0-9A-Za-z-]{1,12}$/.test(s)),
  stored_transaction_type: z.string().regex(/^[\d ]{3}$/),
  payor_name: z.string(),
  cross_reference: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => /^[ -~]{1,19}$/.test(s)),
  invalid_data_element_id: z.string(),
});

const headerFields = z.object({
  record_count: z.literal('000000001'),
  originator_id: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => /^[0-9A-Za-z]{1,10}$/.test(s)),
  file_number: z.string().regex(/^\d{4}$/).transform(Number),
  creation_date: julianDate,
});

const trailerFields = z.object({
  debit_value: z.string().regex(/^\d{14}$/).transform(Number),
  debit_count: z.string().regex(/^\d{8}$/).transform(Number),
  credit_value: z.string().regex(/^\d{14}$/).transform(Number),
  credit_count: z.string().regex(/^\d{8}$/).transform(Number),
});

/** The first field a parse found wrong, by its name. */
const firstField = (error: z.ZodError) => String(error.issues[0]?.path[0] ?? 'record');

/** The file's logical records: one a line, or one long line cut every 1464 characters. */
function recordsOf(text: string): string[] | ReturnFileFault {
  // A byte-order mark, an end-of-file mark (SUB) and the line end after the last record are not records.
  let content = text.replace(/^\uFEFF/, '');
  while (content.endsWith(endOfFile)) content = content.slice(0, -1);
  content = content.replace(/(\r\n|\n|\r)+$/, '');
  if (content.length === 0) return { record: 0, fault: 'empty', found: '' };
  if (/[\r\n]/.test(content)) return content.split(/\r\n|\n|\r/);
  const records: string[] = [];
  for (let at = 0; at < content.length; at += recordLength) records.push(content.slice(at, at + recordLength));
  return records;
}

function readSegment(segmentText: string, kind: ReturnedItem['kind'], record: number, segment: number): ReturnedItem | ReturnFileFault {
  const parsed = segmentFields.safeParse({
    transaction_type: field(segmentText, 1, 3),
    amount: field(segmentText, 4, 13),
    payment_date: field(segmentText, 14, 19),
    institution_id: field(segmentText, 20, 28),
    account: field(segmentText, 29, 40),
    stored_transaction_type: field(segmentText, 63, 65),
    payor_name: field(segmentText, 81, 110),
    cross_reference: field(segmentText, 151, 169),
    invalid_data_element_id: field(segmentText, 230, 240),
  });
  if (!parsed.success) return { record, fault: 'field', found: `${segment}:${firstField(parsed.error)}` };
  const s = parsed.data;
  const isReturnCode = (code: string) => code.startsWith('9');
  const swapped = !isReturnCode(s.transaction_type) && isReturnCode(s.stored_transaction_type);
  return {
    record,
    segment,
    kind,
    returnCode: swapped ? s.stored_transaction_type : s.transaction_type,
    transactionType: swapped ? s.transaction_type : s.stored_transaction_type.trim(),
    amountCents: s.amount,
    paymentDate: s.payment_date,
    institution: s.institution_id.slice(1, 4),
    transit: s.institution_id.slice(4, 9),
    account: s.account,
    payorName: s.payor_name.trim(),
    crossReference: s.cross_reference,
    invalidDataElements: s.invalid_data_element_id.trim(),
  };
}

const isFault = (value: unknown): value is ReturnFileFault => typeof value === 'object' && value !== null && 'fault' in value;

/** Reads a return file: its header, each returned item, checked against its trailer; or the first fault, by record. */
export function parsePadReturnFile(text: string): ReturnFileRead {
  const records = recordsOf(text);
  if (isFault(records)) return { ok: false, fault: records };
  const fail = (record: number, fault: PadReturnFileFault, found = ''): ReturnFileRead => ({ ok: false, fault: { record, fault, found: shown(found) } });
  for (const [i, record] of records.entries()) {
    if (record.length !== recordLength) return fail(i + 1, 'length', String(record.length));
  }
  const header = records[0]!;
  if (header[0] !== 'A') return fail(1, 'header', header[0]);
  const head = headerFields.safeParse({ record_count: field(header, 2, 10), originator_id: field(header, 11, 20), file_number: field(header, 21, 24), creation_date: field(header, 25, 30) });
  if (!head.success) return fail(1, 'field', firstField(head.error));
  if (records.length < 2) return fail(1, 'trailer', '');
  const control = field(header, 11, 24);

  const items: ReturnedItem[] = [];
  const last = records.length;
  for (let n = 2; n <= last; n++) {
    const record = records[n - 1]!;
    const type = record[0]!;
    if (n === last && type !== 'Z') return fail(n, 'trailer', type);
    if (Number(field(record, 2, 10)) !== n || !/^\d{9}$/.test(field(record, 2, 10))) return fail(n, 'count', field(record, 2, 10));
    if (field(record, 11, 24) !== control) return fail(n, 'field', 'originator_id');
    if (type === 'Z') {
      if (n !== last) return fail(n, 'trailer', type);
      break;
    }
    if (type === 'D' || type === 'C') return fail(n, 'outgoing', type);
    if (type !== 'J' && type !== 'I') return fail(n, 'type', type);
    for (let s = 0; s < segmentCount; s++) {
      const segmentText = record.slice(24 + s * segmentLength, 24 + (s + 1) * segmentLength);
      if (/^[ 0]*$/.test(segmentText)) continue;
      const item = readSegment(segmentText, type === 'J' ? 'debit' : 'credit', n, s + 1);
      if (isFault(item)) return fail(item.record, item.fault, item.found);
      items.push(item);
    }
  }

  const trailer = records[last - 1]!;
  const totals = trailerFields.safeParse({ debit_value: field(trailer, 25, 38), debit_count: field(trailer, 39, 46), credit_value: field(trailer, 47, 60), credit_count: field(trailer, 61, 68) });
  if (!totals.success) return fail(last, 'field', firstField(totals.error));
  const sum = (kind: ReturnedItem['kind']) => items.filter((i) => i.kind === kind).reduce((t, i) => ({ value: t.value + i.amountCents, count: t.count + 1 }), { value: 0, count: 0 });
  const debits = sum('debit');
  const credits = sum('credit');
  const t = totals.data;
  if (t.debit_value !== debits.value || t.debit_count !== debits.count || t.credit_value !== credits.value || t.credit_count !== credits.count) return fail(last, 'totals', `${t.debit_count}/${t.credit_count}`);

  return { ok: true, file: { originatorId: head.data.originator_id, fileNumber: head.data.file_number, createdOn: head.data.creation_date, items } };
}
