import { describe, expect, it } from 'vitest';
import { cpa005File, fileText, type PadFileDebit } from '../../src/server/billing/cpa005.ts';
import type { PadOriginator } from '../../src/server/deps.ts';

/*
 * The CPA-005 file read back by a parser of our own, independent of the library that wrote it:
 * each field at its position in Payments Canada's Standard 005 (records of 1464 characters; a
 * header 'A', debit records 'D' whose first 240-character segment starts at position 25, a
 * trailer 'Z'), positions counted from 1 as the standard counts them.
 */

/** Characters `from` to `to` of a record, both included, counted from 1. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** 0YYDDD: the year's last two digits and the day of the year. */
function julian(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000 + 1;
  return `0${String(d.getUTCFullYear()).slice(2)}${String(day).padStart(3, '0')}`;
}

function parse(content: string) {
  const records = content.split('\r\n');
  const header = records[0]!;
  const trailer = records[records.length - 1]!;
  const debits = records.slice(1, -1).map((r) => {
    const s = (from: number, to: number) => field(r, 24 + from, 24 + to);
    return {
      type: field(r, 1, 1),
      count: field(r, 2, 10),
      originator: field(r, 11, 20),
      fileNumber: field(r, 21, 24),
      code: s(1, 3),
      amount: s(4, 13),
      dueDate: s(14, 19),
      institutionId: s(20, 28),
      account: s(29, 40),
      itemTrace: s(41, 62),
      storedType: s(63, 65),
      shortName: s(66, 80),
      payorName: s(81, 110),
      longName: s(111, 140),
      userId: s(141, 150),
      crossReference: s(151, 169),
      returnInstitutionId: s(170, 178),
      returnAccount: s(179, 190),
      sundry: s(191, 205),
      filler: s(206, 227),
      settlementCode: s(228, 229),
      invalidDataElement: s(230, 240),
      unusedSegments: field(r, 265, 1464),
    };
  });
  return { records, header, trailer, debits };
}

const originator: PadOriginator = {
  id: 'CWK0012345',
  shortName: 'Cowork MTL',
  longName: 'Espace Cowork Montréal inc.',
  dataCentre: '00310',
  returnAccount: { institution: '003', transit: '12345', account: '1234567' },
};

const debits: PadFileDebit[] = [
  { crossReference: 'F-2026-000012', amountCents: 403_440, payorName: 'Boulangerie Numérique', institution: '815', transit: '10482', account: '7301946' },
  { crossReference: 'F-2026-000013', amountCents: 1, payorName: 'A company whose name is longer than thirty characters', institution: '003', transit: '00011', account: '123456789012' },
  { crossReference: 'F-2026-000014', amountCents: 9_999_999_999, payorName: 'Érable & Fils ltée', institution: '001', transit: '54321', account: '1234567' },
];

describe('the CPA-005 PAD file, read back field by field', () => {
  const content = cpa005File(originator, { number: 7, createdOn: '2026-11-23', paymentDate: '2026-12-03' }, debits);
  const { records, header, trailer, debits: read } = parse(content);

  it('is records of 1464 characters, joined by CR LF: A, one D per debit, Z', () => {
    expect(records).toHaveLength(debits.length + 2);
    for (const record of records) expect(record).toHaveLength(1464);
    expect(records.map((r) => r[0]).join('')).toBe('ADDDZ');
    expect(content).toMatch(/^[ -~\r\n]+$/);
  });

  it('heads the file with the originator, the file creation number, its Julian date, the data centre and the currency', () => {
    expect(field(header, 1, 1)).toBe('A');
    expect(field(header, 2, 10)).toBe('000000001');
    expect(field(header, 11, 20)).toBe('CWK0012345');
    expect(field(header, 21, 24)).toBe('0007');
    expect(field(header, 25, 30)).toBe(julian('2026-11-23'));
    expect(field(header, 25, 30)).toBe('026327');
    expect(field(header, 31, 35)).toBe('00310');
    expect(field(header, 36, 55)).toBe(' '.repeat(20));
    expect(field(header, 56, 58)).toBe('CAD');
    expect(field(header, 59, 1464)).toBe(' '.repeat(1406));
  });

  it('writes each debit with its code, amount in cents, due date, bank, account, names, cross-reference and the return account', () => {
    read.forEach((d, i) => {
      const debit = debits[i]!;
      expect(d.type).toBe('D');
      expect(d.count).toBe(String(i + 2).padStart(9, '0'));
      expect(d.originator).toBe('CWK0012345');
      expect(d.fileNumber).toBe('0007');
      expect(d.code).toBe('402');
      expect(Number(d.amount)).toBe(debit.amountCents);
      expect(d.amount).toMatch(/^\d{10}$/);
      expect(d.dueDate).toBe(julian('2026-12-03'));
      expect(d.institutionId).toBe(`0${debit.institution}${debit.transit}`);
      expect(d.account).toBe(debit.account.padEnd(12, ' '));
      expect(d.itemTrace).toBe('0'.repeat(22));
      expect(d.storedType).toBe('000');
      expect(d.shortName).toBe('COWORK MTL     ');
      expect(d.payorName).toBe(fileText(debit.payorName).padEnd(30, ' ').slice(0, 30));
      expect(d.longName).toBe('ESPACE COWORK MONTREAL INC.   ');
      expect(d.userId).toBe('CWK0012345');
      expect(d.crossReference).toBe(debit.crossReference.padEnd(19, ' '));
      expect(d.returnInstitutionId).toBe('000312345');
      expect(d.returnAccount).toBe('1234567     ');
      expect(d.sundry).toBe(' '.repeat(15));
      expect(d.filler).toBe(' '.repeat(22));
      expect(d.settlementCode).toBe('  ');
      expect(d.invalidDataElement).toBe('0'.repeat(11));
      expect(d.unusedSegments).toBe(' '.repeat(1200));
    });
    expect(read[0]!.payorName).toBe('BOULANGERIE NUMERIQUE         ');
    expect(read[2]!.payorName).toBe('ERABLE & FILS LTEE            ');
  });

  it('ends with counts and totals equal to the records', () => {
    expect(field(trailer, 1, 1)).toBe('Z');
    expect(field(trailer, 2, 10)).toBe(String(records.length).padStart(9, '0'));
    expect(field(trailer, 11, 24)).toBe('CWK00123450007');
    const sum = read.reduce((s, d) => s + Number(d.amount), 0);
    expect(Number(field(trailer, 25, 38))).toBe(sum);
    expect(sum).toBe(403_440 + 1 + 9_999_999_999);
    expect(Number(field(trailer, 39, 46))).toBe(read.length);
    expect(field(trailer, 47, 112)).toBe('0'.repeat(66));
    expect(field(trailer, 113, 1464)).toBe(' '.repeat(1352));
  });

  it('numbers files from 0001 to 9999', () => {
    const last = parse(cpa005File(originator, { number: 9999, createdOn: '2026-12-31', paymentDate: '2027-01-04' }, debits.slice(0, 1)));
    expect(field(last.header, 21, 24)).toBe('9999');
    expect(field(last.header, 25, 30)).toBe('026365');
    expect(last.debits[0]!.dueDate).toBe('027004');
  });
});
