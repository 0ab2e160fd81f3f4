import { describe, expect, it } from 'vitest';
import {
  alreadySignedAnswer,
  contractDataResponse,
  customerInfo,
  leaseOfferResponse,
  leasePdfFilename,
  provinces,
  requiredFieldsMessage,
  signingPayload,
} from '../../src/shared/contract/lease.ts';

describe('customer info (SPEC call 6)', () => {
  const filled = { company_name: 'Acme', contact_name: 'Ana', phone: '514-555-0100', address: '1 Main', city: 'Montréal', province: 'ON', postal_code: 'H2X 1Y4' };

  it('lists the thirteen provinces and territories, QC first', () => {
    expect(provinces).toEqual(['QC', 'ON', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PE', 'NT', 'YT', 'NU']);
  });

  it('defaults the province to QC and the optional fields to empty', () => {
    expect(customerInfo.parse({ company_name: 'Acme', contact_name: 'Ana', phone: '1' })).toEqual({
      company_name: 'Acme', contact_name: 'Ana', phone: '1', address: '', city: '', province: 'QC', postal_code: '',
    });
  });

  it.each(['company_name', 'contact_name', 'phone'] as const)('an empty or blank %s gives the required-fields message', (field) => {
    for (const value of ['', '   ']) {
      const result = customerInfo.safeParse({ ...filled, [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(requiredFieldsMessage);
    }
  });

  it('trims what it keeps and refuses an unknown province', () => {
    expect(customerInfo.parse({ ...filled, company_name: '  Acme  ' }).company_name).toBe('Acme');
    expect(customerInfo.safeParse({ ...filled, province: 'XX' }).success).toBe(false);
  });
});

describe('answers', () => {
  const offer = {
    code: 'abc', email: 'a@b.c', status: 'contract_generated', services: [{ name: 'Office 101', service_type: 'dedicated_office', location_code: 'F1', base_monthly_rate: '1200.00' }],
    monthly_rate: 1200, monthly_discount: '0.00', signup_discount: null, lease_term_months: 12, start_date: '2026-12-01',
  };

  it('reads an offer whose amounts are numbers or strings and whose optional fields are absent', () => {
    expect(leaseOfferResponse.parse({ offer }).offer.status).toBe('contract_generated');
  });

  it('reads contract data with nullable descriptions and variables', () => {
    const parsed = contractDataResponse.parse({ offer, contract: { sections: [{ title: 'T', content: [{ title: 'C', description: null }] }], variables: { a: 'x', b: null, c: 3 } } });
    expect(parsed.contract.variables).toEqual({ a: 'x', b: null, c: 3 });
  });

  it('requires already_signed to be true in the already-signed answer', () => {
    const body = { success: false, already_signed: true, signer: 'Ana', company: 'Acme', signed_at: '2026-11-23T14:00:00.000Z', signature: 'data:image/png;base64,x', banking: { transit_number: '12345', institution_number: '001', account_number: '****4567' } };
    expect(alreadySignedAnswer.safeParse(body).success).toBe(true);
    expect(alreadySignedAnswer.safeParse({ ...body, already_signed: false }).success).toBe(false);
  });

  it('a signing payload needs the three banking fields as strings; language is optional', () => {
    const payload = { signature: 'data:', banking: { transit_number: '1', institution_number: '2', account_number: '3' } };
    expect(signingPayload.safeParse(payload).success).toBe(true);
    expect(signingPayload.safeParse({ ...payload, language: 'fr' }).success).toBe(true);
    expect(signingPayload.safeParse({ ...payload, language: 'de' }).success).toBe(false);
    expect(signingPayload.safeParse({ signature: 'data:', banking: { transit_number: 1 } }).success).toBe(false);
  });

  it('a signing payload may say the French version was offered first, as a boolean', () => {
    const payload = { signature: 'data:', banking: { transit_number: '1', institution_number: '2', account_number: '3' }, language: 'en' };
    expect(signingPayload.parse({ ...payload, frenchVersionOffered: true }).frenchVersionOffered).toBe(true);
    expect(signingPayload.parse(payload).frenchVersionOffered).toBeUndefined();
    expect(signingPayload.safeParse({ ...payload, frenchVersionOffered: 'yes' }).success).toBe(false);
  });
});

describe('leasePdfFilename', () => {
  it.each([
    ['Acme Inc.', 'Service-Agreement-Acme Inc.-CODE.pdf'],
    ['Café Lumière', 'Service-Agreement-Café Lumière-CODE.pdf'],
    ['A/B "C"', 'Service-Agreement-A-B -C--CODE.pdf'],
    ['', 'Service-Agreement-Tenant-CODE.pdf'],
    [null, 'Service-Agreement-Tenant-CODE.pdf'],
  ])('%j → %s', (company, name) => {
    expect(leasePdfFilename(company, 'CODE')).toBe(name);
  });
});
