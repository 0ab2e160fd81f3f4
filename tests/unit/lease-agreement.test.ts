import { describe, expect, it } from 'vitest';
import { pdfSafeText } from '../../src/server/lease/agreement-pdf.ts';
import { termEndDate } from '../../src/server/lease/contract-variables.ts';
import { drawSignaturePng, maxSignatureBytes, readSignatureDataUrl, sampleSignature } from '../../src/server/lease/signature-image.ts';

describe('termEndDate: the day before the same date, the term later', () => {
  it.each([
    ['2026-12-01', 12, '2027-11-30'],
    ['2026-11-23', 12, '2027-11-22'],
    ['2026-12-16', 1, '2027-01-15'],
    ['2027-01-31', 1, '2027-02-27'],
    ['2027-08-31', 6, '2028-02-28'],
    ['2026-03-01', 24, '2028-02-29'],
    ['2026-01-01', 120, '2035-12-31'],
  ])('%s + %i months → %s', (start, months, end) => {
    expect(termEndDate(start, months)).toBe(end);
  });
});

describe('readSignatureDataUrl: only a PNG the server decoded whole, encoded again', () => {
  it('accepts the PNG data URL a signature pad gives and returns the server\'s own encoding of it', () => {
    const given = sampleSignature();
    const kept = readSignatureDataUrl(given);
    expect(kept).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(kept!.slice('data:image/png;base64,'.length), 'base64');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([300, 120, 8, 6]);
  });

  it.each([
    [''],
    ['data:image/svg+xml;base64,PHN2Zz4='],
    ['data:image/png;base64,not base64!'],
    [`data:image/png;base64,${Buffer.from('x'.repeat(40)).toString('base64')}`],
    [drawSignaturePng(4097, 1, [])],
    [`data:image/png;base64,${'A'.repeat(Math.ceil((maxSignatureBytes * 4) / 3) + 8)}`],
  ])('refuses %#', (dataUrl) => {
    expect(readSignatureDataUrl(dataUrl)).toBeNull();
  });
});

describe('pdfSafeText', () => {
  it.each([
    ['Café Lumière « ltée »', 'Café Lumière « ltée »'],
    ['1\u202f200,00\u00a0$', '1\u00a0200,00\u00a0$'],
    ['Acme 🚀 株式会社', 'Acme ? ????'],
    ['• item – “quoted”', '• item – “quoted”'],
  ])('%j → %j', (given, shown) => {
    expect(pdfSafeText(given)).toBe(shown);
  });
});
