import { describe, expect, it } from 'vitest';
import {
  bankingInput,
  digitsOnly,
  firstPayloadProblem,
  firstSigningProblem,
  maskAccountNumber,
  signingProblemMessages,
  signingProblems,
  type SigningFormInput,
} from '../../src/shared/domain/banking.ts';

const valid: SigningFormInput = {
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  banking: { transit_number: '12345', institution_number: '001', account_number: '1234567' },
  termsAccepted: true,
};

describe('banking inputs strip non-digits and cap transit at 5, institution at 3', () => {
  it.each([
    ['transit_number', '12-345', '12345'],
    ['transit_number', '1234567', '12345'],
    ['transit_number', ' 1a2b3 ', '123'],
    ['institution_number', '0012', '001'],
    ['institution_number', '0 0 1', '001'],
    ['institution_number', 'abc', ''],
    ['account_number', '1234-5678 90', '1234567890'],
    ['account_number', '١٢٣', ''],
  ] as const)('%s: %j → %j', (field, typed, kept) => {
    expect(bankingInput[field](typed)).toBe(kept);
  });

  it('digitsOnly without a cap keeps every digit', () => {
    expect(digitsOnly('(514) 555-0142')).toBe('5145550142');
  });
});

describe('the six signing checks of SPEC §5, in order', () => {
  it('lists the message keys in SPEC order with its texts to the letter, ours (the PAD file’s account length) before the terms', () => {
    expect(signingProblems.map((k) => signingProblemMessages[k])).toEqual([
      'Please provide your signature',
      'Please fill in all banking information fields',
      'Institution number must be exactly 3 digits',
      'Transit number must be exactly 5 digits',
      'Account number must contain only numbers',
      'Account number must be 7 to 12 digits',
      'Please confirm that you agree to the terms and conditions',
    ]);
  });

  const banking = valid.banking;
  it.each([
    ['everything valid', {}, null],
    ['no signature', { signature: '' }, 'signatureMissing'],
    ['null signature', { signature: null }, 'signatureMissing'],
    ['no signature wins over every other problem', { signature: '', banking: { transit_number: '', institution_number: 'x', account_number: 'y' }, termsAccepted: false }, 'signatureMissing'],
    ['empty transit', { banking: { ...banking, transit_number: '' } }, 'bankingIncomplete'],
    ['blank institution', { banking: { ...banking, institution_number: '   ' } }, 'bankingIncomplete'],
    ['missing account', { banking: { transit_number: '12345', institution_number: '001' } }, 'bankingIncomplete'],
    ['incomplete banking wins over a bad institution', { banking: { transit_number: '', institution_number: '1', account_number: '1' } }, 'bankingIncomplete'],
    ['institution of 2 digits', { banking: { ...banking, institution_number: '01' } }, 'institutionNumberLength'],
    ['institution of 4 digits', { banking: { ...banking, institution_number: '0010' } }, 'institutionNumberLength'],
    ['institution with a letter', { banking: { ...banking, institution_number: '0a1' } }, 'institutionNumberLength'],
    ['bad institution wins over a bad transit', { banking: { ...banking, institution_number: '1', transit_number: '1' } }, 'institutionNumberLength'],
    ['transit of 4 digits', { banking: { ...banking, transit_number: '1234' } }, 'transitNumberLength'],
    ['transit of 6 digits', { banking: { ...banking, transit_number: '123456' } }, 'transitNumberLength'],
    ['bad transit wins over a bad account', { banking: { ...banking, transit_number: '1234', account_number: '12-34' } }, 'transitNumberLength'],
    ['account with a dash', { banking: { ...banking, account_number: '1234-567' } }, 'accountNumberDigits'],
    ['account with a letter', { banking: { ...banking, account_number: '12345O7' } }, 'accountNumberDigits'],
    ['bad account wins over unticked terms', { banking: { ...banking, account_number: 'x' }, termsAccepted: false }, 'accountNumberDigits'],
    ['terms not ticked', { termsAccepted: false }, 'termsNotAccepted'],
    ['an account of 6 digits', { banking: { ...banking, account_number: '123456' } }, 'accountNumberLength'],
    ['an account of 13 digits (the PAD file holds 12)', { banking: { ...banking, account_number: '1234567890123' } }, 'accountNumberLength'],
    ['a short account wins over unticked terms', { banking: { ...banking, account_number: '7' }, termsAccepted: false }, 'accountNumberLength'],
    ['an account of 7 digits', { banking: { ...banking, account_number: '1234567' } }, null],
    ['an account of 12 digits', { banking: { ...banking, account_number: '123456789012' } }, null],
  ] as const)('%s → %s', (_label, overrides, problem) => {
    expect(firstSigningProblem({ ...valid, ...overrides } as SigningFormInput)).toBe(problem);
  });

  it('the payload checks stop before the terms box, which a payload does not carry', () => {
    expect(firstPayloadProblem({ signature: valid.signature, banking })).toBeNull();
    expect(firstPayloadProblem({ signature: '', banking })).toBe('signatureMissing');
  });
});

describe('maskAccountNumber', () => {
  it.each([
    ['1234567', '****4567'],
    ['123456789012', '****9012'],
    ['123456', '****456'],
    ['1234', '****4'],
    ['123', '****'],
    ['', '****'],
  ])('%s → %s', (account, masked) => {
    expect(maskAccountNumber(account)).toBe(masked);
  });
});
