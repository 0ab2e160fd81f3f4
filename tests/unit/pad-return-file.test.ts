import { describe, expect, it } from 'vitest';
import { julianToIso, parsePadReturnFile, recordLength } from '../../src/server/billing/pad-return-file.ts';

/*
 * The bank's return file read field by field: records built here by hand at Standard 005's
 * positions (counted from 1, as the standard counts them; each field written at its place, not
 * by our parser's own code), then files cut short, mislabelled or of another kind.
 */

/** A record of blanks with each [position, text] written in at its place. */
function record(fields: readonly (readonly [number, string])[]): string {
  const chars = Array.from({ length: recordLength }, () => ' ');
  for (const [from, text] of fields) for (let i = 0; i < text.length; i++) chars[from - 1 + i] = text[i]!;
  return chars.join('');
}

const originator = 'CWK0012345';
const fileNumber = '0042';
const count = (n: number) => String(n).padStart(9, '0');

const header = record([
  [1, 'A'],
  [2, count(1)],
  [11, originator],
  [21, fileNumber],
  [25, '026345'],
  [31, '00310'],
  [56, 'CAD'],
]);

interface Segment {
  type?: string;
  amount?: string;
  date?: string;
  institution?: string;
  account?: string;
  stored?: string;
  payor?: string;
  crossReference?: string;
  invalid?: string;
}

/** The fields of a returned item's segment, at their positions within the segment (1 to 240), offset to where the segment starts. */
function segment(start: number, s: Segment): (readonly [number, string])[] {
  const at = (position: number) => start + position - 1;
  return [
    [at(1), s.type ?? '901'],
    [at(4), s.amount ?? '0000403440'],
    [at(14), s.date ?? '026337'],
    [at(20), s.institution ?? '081510482'],
    [at(29), s.account ?? '7301946     '],
    [at(41), '0'.repeat(22)],
    [at(63), s.stored ?? '402'],
    [at(66), 'COWORK MTL     '],
    [at(81), s.payor ?? 'BOULANGERIE NUMERIQUE         '],
    [at(111), 'ESPACE COWORK MONTREAL INC.   '],
    [at(141), originator],
    [at(151), s.crossReference ?? 'F-2026-000012      '],
    [at(170), '000312345'],
    [at(179), '1234567     '],
    [at(206), '6121006100001000000003'],
    [at(230), s.invalid ?? '00000000000'],
  ];
}

/** A returned-items record ('J' by default) of the given segments (null: left blank), segment 1 at position 25. */
const items = (n: number, segments: readonly (Segment | null)[], type = 'J') =>
  record([[1, type], [2, count(n)], [11, originator], [21, fileNumber], ...segments.flatMap((s, i) => (s ? segment(25 + i * 240, s) : []))]);

const trailer = (n: number, debits: { value: number; count: number }, credits = { value: 0, count: 0 }) =>
  record([
    [1, 'Z'],
    [2, count(n)],
    [11, originator],
    [21, fileNumber],
    [25, String(debits.value).padStart(14, '0')],
    [39, String(debits.count).padStart(8, '0')],
    [47, String(credits.value).padStart(14, '0')],
    [61, String(credits.count).padStart(8, '0')],
  ]);

const oneReturn = [header, items(2, [{}]), trailer(3, { value: 403_440, count: 1 })];

const faultOf = (text: string) => {
  const read = parsePadReturnFile(text);
  return read.ok ? null : read.fault;
};

describe('the bank’s CPA-005 return file, read field by field', () => {
  it('reads the header and a returned debit, every field at its place', () => {
    const read = parsePadReturnFile(oneReturn.join('\r\n'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file).toMatchObject({ originatorId: originator, fileNumber: 42, createdOn: '2026-12-11' });
    expect(read.file.items).toEqual([
      {
        record: 2,
        segment: 1,
        kind: 'debit',
        returnCode: '901',
        transactionType: '402',
        amountCents: 403_440,
        paymentDate: '2026-12-03',
        institution: '815',
        transit: '10482',
        account: '7301946',
        payorName: 'BOULANGERIE NUMERIQUE',
        crossReference: 'F-2026-000012',
        invalidDataElements: '00000000000',
      },
    ]);
  });

  it('reads records one a line (CR LF, LF or CR, with a last line end) or one long line cut every 1464 characters', () => {
    for (const text of [oneReturn.join('\r\n') + '\r\n', oneReturn.join('\n'), oneReturn.join('\r'), oneReturn.join(''), `\uFEFF${oneReturn.join('\r\n')}\x1a`]) {
      const read = parsePadReturnFile(text);
      expect(read.ok && read.file.items.map((i) => i.crossReference)).toEqual(['F-2026-000012']);
    }
  });

  it('reads up to six items a record, skips blank segments, and tells returned credits apart', () => {
    const second = { type: '905', amount: '0000002500', crossReference: 'F-2026-000019', account: '123456789012' };
    const file = [header, items(2, [{}, null, second, null, null, null]), items(3, [{ type: '901', amount: '0000000100' }], 'I'), trailer(4, { value: 405_940, count: 2 }, { value: 100, count: 1 })];
    const read = parsePadReturnFile(file.join('\r\n'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.file.items.map((i) => [i.record, i.segment, i.kind, i.returnCode, i.amountCents, i.crossReference, i.account])).toEqual([
      [2, 1, 'debit', '901', 403_440, 'F-2026-000012', '7301946'],
      [2, 3, 'debit', '905', 2_500, 'F-2026-000019', '123456789012'],
      [3, 1, 'credit', '901', 100, 'F-2026-000012', '7301946'],
    ]);
  });

  it('takes the return code from the stored transaction type when a bank writes them the other way round', () => {
    const read = parsePadReturnFile([header, items(2, [{ type: '402', stored: '905' }]), trailer(3, { value: 403_440, count: 1 })].join('\r\n'));
    expect(read.ok && [read.file.items[0]!.returnCode, read.file.items[0]!.transactionType]).toEqual(['905', '402']);
  });

  it('converts Julian dates (0YYDDD), leap years included, and refuses days that are not', () => {
    expect(julianToIso('026001')).toBe('2026-01-01');
    expect(julianToIso('026365')).toBe('2026-12-31');
    expect(julianToIso('028366')).toBe('2028-12-31');
    expect(julianToIso('026366')).toBeNull();
    expect(julianToIso('026000')).toBeNull();
    expect(julianToIso('126001')).toBeNull();
    expect(julianToIso('02600A')).toBeNull();
  });

  it('names the record of a length that is not 1464, and refuses an empty file', () => {
    expect(faultOf('')).toEqual({ record: 0, fault: 'empty', found: '' });
    expect(faultOf('\r\n')).toEqual({ record: 0, fault: 'empty', found: '' });
    expect(faultOf([header, items(2, [{}]).slice(0, -1), trailer(3, { value: 403_440, count: 1 })].join('\r\n'))).toEqual({ record: 2, fault: 'length', found: '1463' });
    expect(faultOf([header, items(2, [{}]) + ' ', trailer(3, { value: 403_440, count: 1 })].join('\n'))).toEqual({ record: 2, fault: 'length', found: '1465' });
    expect(faultOf(oneReturn.join('').slice(0, -10))).toEqual({ record: 3, fault: 'length', found: '1454' });
    expect(faultOf([header, '', ...oneReturn.slice(1)].join('\r\n'))).toEqual({ record: 2, fault: 'length', found: '0' });
  });

  it('refuses wrong record types: no header, no trailer, a record a return file does not carry, a file of debits sent', () => {
    expect(faultOf([items(1, [{}]), trailer(2, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 1, fault: 'header', found: 'J' });
    expect(faultOf([header].join('\r\n'))).toMatchObject({ record: 1, fault: 'trailer' });
    expect(faultOf([header, items(2, [{}])].join('\r\n'))).toMatchObject({ record: 2, fault: 'trailer', found: 'J' });
    expect(faultOf([header, trailer(2, { value: 0, count: 0 }), trailer(3, { value: 0, count: 0 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'trailer', found: 'Z' });
    expect(faultOf([header, items(2, [{}], 'E'), trailer(3, { value: 0, count: 0 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'type', found: 'E' });
    expect(faultOf([header, items(2, [{}], 'D'), trailer(3, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'outgoing', found: 'D' });
    expect(faultOf([header, items(2, [{}], 'C'), trailer(3, { value: 0, count: 0 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'outgoing', found: 'C' });
  });

  it('refuses a record out of its place, another originator’s record, and a header not numbered 1', () => {
    expect(faultOf([header, items(3, [{}]), trailer(3, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'count', found: '000000003' });
    const stranger = items(2, [{}]).slice(0, 10) + 'OTHER00001' + items(2, [{}]).slice(20);
    expect(faultOf([header, stranger, trailer(3, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'field', found: 'originator_id' });
    expect(faultOf([header.slice(0, 1) + count(2) + header.slice(10), ...oneReturn.slice(1)].join('\r\n'))).toMatchObject({ record: 1, fault: 'field', found: 'record_count' });
  });

  it('names the field of a segment that is not as the standard writes it', () => {
    const fault = (s: Segment) => faultOf([header, items(2, [s]), trailer(3, { value: 403_440, count: 1 })].join('\r\n'));
    expect(fault({ amount: '00004034 0' })).toMatchObject({ record: 2, fault: 'field', found: '1:amount' });
    expect(fault({ amount: '0000000000' })).toMatchObject({ fault: 'field', found: '1:amount' });
    expect(fault({ date: '026400' })).toMatchObject({ fault: 'field', found: '1:payment_date' });
    expect(fault({ type: '9X1' })).toMatchObject({ fault: 'field', found: '1:transaction_type' });
    expect(fault({ institution: '81510482 ' })).toMatchObject({ fault: 'field', found: '1:institution_id' });
    expect(fault({ account: ' '.repeat(12) })).toMatchObject({ fault: 'field', found: '1:account' });
    expect(fault({ crossReference: ' '.repeat(19) })).toMatchObject({ fault: 'field', found: '1:cross_reference' });
    expect(faultOf([header, items(2, [{}, { amount: 'x' }]), trailer(3, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 2, fault: 'field', found: '2:amount' });
  });

  it('checks the trailer’s totals against the items, debits and credits apart', () => {
    expect(faultOf([header, items(2, [{}]), trailer(3, { value: 403_441, count: 1 })].join('\r\n'))).toMatchObject({ record: 3, fault: 'totals' });
    expect(faultOf([header, items(2, [{}]), trailer(3, { value: 403_440, count: 2 })].join('\r\n'))).toMatchObject({ record: 3, fault: 'totals' });
    expect(faultOf([header, items(2, [{}]), trailer(3, { value: 0, count: 0 }, { value: 403_440, count: 1 })].join('\r\n'))).toMatchObject({ record: 3, fault: 'totals' });
    const badTotals = trailer(3, { value: 403_440, count: 1 }).slice(0, 30) + 'ABC' + trailer(3, { value: 403_440, count: 1 }).slice(33);
    expect(faultOf([header, items(2, [{}]), badTotals].join('\r\n'))).toMatchObject({ record: 3, fault: 'field', found: 'debit_value' });
  });

  it('echoes nothing but short printable text of the file in a fault', () => {
    const fault = faultOf([header, items(2, [{}], '\u0000'), trailer(3, { value: 0, count: 0 })].join('\r\n'));
    expect(fault).toMatchObject({ record: 2, fault: 'type', found: '?' });
  });
});
