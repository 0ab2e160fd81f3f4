import { describe, expect, it } from 'vitest';
import { contractSections } from '../../src/server/lease/contract-templates.ts';
import { contractVariables } from '../../src/server/lease/contract-variables.ts';
import { termEndDate } from '../../src/shared/domain/lease-payment.ts';
import type { OfferRecord } from '../../src/server/lease/offer-record.ts';
import { contractPlainText, variableNames } from '../../src/shared/domain/contract-text.ts';
import { site } from '../../src/shared/site.ts';
import { drawSignaturePng, maxSignatureBytes, readSignatureDataUrl, sampleSignature } from '../../src/server/lease/signature-image.ts';
import { pdfSafeText } from '../../src/server/documents/pdf-text.ts';

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

describe('the contract templates and their variables', () => {
  const taxes = site.taxes as { enabled: boolean };
  const offer: OfferRecord = {
    id: 1,
    email: 'tenant@example.com',
    company_name: 'Acme',
    contact_name: 'Ana',
    status: 'contract_generated',
    monthly_rate_cents: 100_000,
    monthly_discount_cents: 0,
    signup_discount_cents: 10_000,
    lease_term_months: 12,
    start_date: '2026-03-15',
    move_in_fee_type: 'fixed_amount',
    move_in_fee_amount_cents: 25_000,
    contract_language: 'en',
    expires_at: new Date('2026-12-31T00:00:00Z'),
    created_at: new Date('2026-01-01T00:00:00Z'),
    services: [{ office_id: 'OFF-101', name: 'Office 101', service_type: 'dedicated_office', location_code: 'F1-101', base_monthly_rate: '1000.00' }],
    info: null,
    signature: null,
  };
  const allText = (sections: ReturnType<typeof contractSections>) =>
    sections.flatMap((s) => [s.title, ...s.content.flatMap((c) => [c.title, c.description ?? '', ...(c.details ?? []).flatMap((d) => [d.title, d.description ?? '', ...(d.items ?? [])])])]).join('\n');

  it.each([
    ['en', true],
    ['fr', true],
    ['en', false],
    ['fr', false],
  ] as const)('%s, taxes charged: %s — every marker has a variable of that name', (language, enabled) => {
    taxes.enabled = enabled;
    try {
      const names = variableNames(allText(contractSections(language, offer.services)));
      const variables = contractVariables(offer, language, null);
      expect(names.filter((n) => !Object.hasOwn(variables, n))).toEqual([]);
    } finally {
      taxes.enabled = true;
    }
  });

  it('English and French have the same lines, taxes or not', () => {
    const shape = (sections: ReturnType<typeof contractSections>) => sections.map((s) => s.content.map((c) => (c.details ?? []).map((d) => d.items?.length ?? 0)));
    for (const enabled of [true, false]) {
      taxes.enabled = enabled;
      try {
        expect(shape(contractSections('fr', offer.services))).toEqual(shape(contractSections('en', offer.services)));
      } finally {
        taxes.enabled = true;
      }
    }
  });

  it('with taxes: the deposits not taxable, the subtotal, GST and QST, the total debited and the monthly payment', () => {
    const text = contractPlainText(contractSections('en', offer.services), contractVariables(offer, 'en', null));
    // Taxable: $548.39 + $250.00 − $100.00 = $698.39 → GST $34.92, QST $69.66.
    for (const line of [
      "- Security deposit (one month's rent), not taxable: $1,000.00",
      '- Key fob deposit, not taxable: $75.00',
      '- Subtotal: $1,773.39',
      '- GST (5%), no. 723456789 RT0001: $34.92',
      '- QST (9.975%), no. 1223456789 TQ0001: $69.66',
      '- Total initial payment, taxes included: $1,877.97',
      '- Total monthly payment, taxes included: $1,149.75',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
  });
});
