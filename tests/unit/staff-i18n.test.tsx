// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notAttempted } from '../../src/server/billing/card-charges.ts';
import { messageKinds } from '../../src/server/outbox/message-data.ts';
import { auditActions } from '../../src/shared/contract/staff.ts';
import { normalizeAmount } from '../../src/web/staff/amount.ts';
import { StaffApiError } from '../../src/web/staff/api.ts';
import { staffCatalogue, type StaffCatalogue } from '../../src/web/staff/i18n.ts';
import { StaffLanguageProvider } from '../../src/web/staff/language.tsx';
import { staffProblemText } from '../../src/web/staff/problem-words.ts';
import { failureText } from '../../src/web/staff/pages/rentals-page.tsx';
import { ErrorSummary, errorsByField, errorText, useFormErrors } from '../../src/web/staff/ui.tsx';

afterEach(cleanup);

/** Every text of a catalogue, functions called with sample arguments. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return texts((value as (...a: unknown[]) => unknown)('X', 'Y', 'Z'), `${path}()`);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

describe('the staff console catalogue', () => {
  const en = texts(staffCatalogue.en);
  const fr = texts(staffCatalogue.fr);

  it('has every text in both languages', () => {
    const keys = (list: [string, string][]) => list.map(([k]) => k);
    expect(keys(fr)).toEqual(keys(en));
    for (const [key, text] of [...en, ...fr]) expect(text, key).not.toBe('');
  });

  it('puts a no-break space before a colon in French, and none before ; ! ? (Quebec usage)', () => {
    for (const [key, text] of fr) {
      expect(text, key).not.toMatch(/ :/);
      expect(text.replace(/https?:/g, ''), key).not.toMatch(/[^\s\u00a0]:(\s|$)/);
      expect(text, key).not.toMatch(/[\s\u00a0][;!?]/);
    }
    expect(staffCatalogue.fr.signedInAs('Léa')).toBe('Connecté\u00a0: Léa');
    expect(staffCatalogue.fr.inventory.retireTitle('Bureau 101')).toBe('Retirer Bureau 101?');
    expect(staffCatalogue.fr.calendar.cancelled('12 mai')).toBe('Le 12 mai est annulé; le remboursement est en route.');
  });

  it('names every audit action in both languages', () => {
    for (const action of auditActions) {
      expect(staffCatalogue.en.common.auditActions[action], action).toBeTruthy();
      expect(staffCatalogue.fr.common.auditActions[action], action).toBeTruthy();
    }
  });

  it('names every kind of message the outbox writes in both languages', () => {
    for (const kind of messageKinds) {
      expect(staffCatalogue.en.messages.kinds[kind], kind).toBeTruthy();
      expect(staffCatalogue.fr.messages.kinds[kind], kind).toBeTruthy();
    }
  });

  it('names every reason a card try fails for in both languages, the provider refusing us too, not the raw code', () => {
    // Stripe's codes for a card or customer that cannot be charged (stripe.ts), and the round's own.
    const reasons = ['payment_method_missing', 'customer_missing', 'amount_too_large', 'amount_too_small', 'payment_intent_incompatible_payment_method', 'incorrect_cvc', 'processing_error', 'no_saved_card', notAttempted, 'provider_no_answer'];
    for (const reason of reasons) {
      expect(failureText(staffCatalogue.en, reason), reason).not.toBe(reason);
      expect(failureText(staffCatalogue.fr, reason), reason).not.toBe(reason);
    }
    expect(failureText(staffCatalogue.en, notAttempted)).toBe('not attempted: the payment provider refused our request');
    expect(failureText(staffCatalogue.fr, notAttempted)).toBe('non tenté\u00a0: le fournisseur de paiement a refusé notre requête');
    expect(failureText(staffCatalogue.en, 'payment_method_missing')).toBe('the card on file was removed (detached or deleted at Stripe)');
    // A code the console has no words for still shows, as it came.
    expect(failureText(staffCatalogue.en, 'do_not_honor')).toBe('do_not_honor');
  });

  it('keeps the English as written', () => {
    const m: StaffCatalogue = staffCatalogue.en;
    expect(m.inventory.caption('Private office')).toBe('Private office: units, availability and price');
  });
});

describe("the server's refused fields, each under its field", () => {
  const fields = ['name', 'base_monthly_rate', 'office_ids'];
  const en = staffCatalogue.en;
  it('puts each problem under its field, and the rest apart', () => {
    expect(
      errorsByField(en, [
        { path: 'name', code: 'name_required' },
        { path: 'base_monthly_rate', code: 'amount_format' },
      ], fields),
    ).toEqual({
      name: 'A name is required',
      base_monthly_rate: 'Expected an amount such as 1200 or 1200.50',
    });
    expect(errorsByField(en, [{ path: 'office_ids.0', code: 'unit_codes' }], fields)).toEqual({ office_ids: 'must be unit codes such as OFF-101' });
    expect(staffProblemText(en, { code: 'nothing_to_change' })).toBe('Send at least one field to change');
    expect(errorsByField(en, [{ path: 'colour', code: 'custom', params: { message: 'not a field' } }], fields)).toEqual({ '': 'colour: not a field' });
    expect(errorsByField(en, [], fields)).toEqual({});
  });

  /** A form as the console's are: its summary above, and the server's refusal of what it sent. */
  function RefusedForm({ refusal }: { refusal: unknown }) {
    const form = useFormErrors(fields);
    return (
      <form ref={form.formRef}>
        <ErrorSummary errors={form.errors} summaryRef={form.summaryRef} />
        <button type="button" onClick={() => form.fromServer(refusal)}>
          Save
        </button>
      </form>
    );
  }

  it('says a refusal that names no field in the form’s summary, in its own words, and moves focus there', async () => {
    localStorage.setItem('staff-console-language', 'en');
    render(
      <StaffLanguageProvider>
        <RefusedForm refusal={new StaffApiError(400, 'the server’s own text', { code: 'nothing_to_change' })} />
      </StaffLanguageProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Send at least one field to change');
    expect(document.activeElement).toBe(alert.parentElement);
  });
});

describe("the server's problems in French", () => {
  const fr = staffCatalogue.fr;
  it('words each code, its fields after their paths, and its values', () => {
    expect(staffProblemText(fr, { code: 'sign_in_required' })).toBe('Veuillez vous connecter pour continuer');
    expect(staffProblemText(fr, { code: 'wrong_origin' })).toBe('Cette demande doit venir de la console du personnel');
    expect(staffProblemText(fr, { code: 'too_many_sign_ins', params: { seconds: 42 } })).toBe('Trop de tentatives de connexion. Réessayez dans 42 secondes.');
    expect(
      staffProblemText(fr, {
        code: 'invalid_request',
        fields: [
          { path: 'name', code: 'name_required' },
          { path: 'base_monthly_rate', code: 'amount_format' },
        ],
      }),
    ).toBe('name\u00a0: Un nom est requis; base_monthly_rate\u00a0: Un montant comme 1200 ou 1200,50 est attendu');
    expect(staffProblemText(fr, { code: 'unit_code_taken', fields: [{ path: 'office_id', code: 'code_taken', params: { code: 'OFF-1' } }] })).toBe(
      'office_id\u00a0: OFF-1 est déjà le code d’un autre espace',
    );
    expect(staffProblemText(fr, { code: 'invalid_request', fields: [{ path: 'office_ids', code: 'unknown_units', params: { codes: ['OFF-9'] } }] })).toBe('office_ids\u00a0: aucun bureau OFF-9');
    expect(staffProblemText(fr, { code: 'unit_code_taken', fields: [{ path: 'service_code', code: 'service_code_taken', params: { code: 'CR-A', unit: 'CONF-A' } }] })).toBe(
      'service_code\u00a0: CR-A est déjà le code de service de l’espace CONF-A',
    );
  });

  it('says what it does not know as the server said it, and the English as written', () => {
    expect(errorText(fr, new StaffApiError(409, 'Something new went wrong', { code: 'something_new' }))).toBe('Something new went wrong');
    expect(errorText(fr, new StaffApiError(400, 'colour: not a field', { code: 'invalid_request', fields: [{ path: 'colour', code: 'not_a_field' }] }))).toBe('colour: not a field');
    expect(errorText(fr, new StaffApiError(409, 'Something said before codes'))).toBe('Something said before codes');
    expect(staffProblemText(staffCatalogue.en, { code: 'too_many_sign_ins', params: { seconds: 42 } })).toBe('Too many sign-in attempts. Try again in 42 seconds.');
  });
});

describe('amounts as staff type them', () => {
  it('reads a French decimal comma and spaces between thousands', () => {
    expect(normalizeAmount('1200,50', 'fr')).toBe('1200.50');
    expect(normalizeAmount(' 1 200,50 ', 'fr')).toBe('1200.50');
    expect(normalizeAmount('1\u00a0200,5', 'fr')).toBe('1200.5');
    expect(normalizeAmount('1200.50', 'fr')).toBe('1200.50');
    expect(normalizeAmount('1200', 'fr')).toBe('1200');
  });

  it('reads English thousands commas, and leaves what is not an amount for the validation', () => {
    expect(normalizeAmount('1,200.50', 'en')).toBe('1200.50');
    expect(normalizeAmount('1200.50', 'en')).toBe('1200.50');
    expect(normalizeAmount('1200,50', 'en')).toBe('1200,50');
    expect(normalizeAmount('12a', 'fr')).toBe('12a');
    expect(normalizeAmount('', 'fr')).toBe('');
  });
});
