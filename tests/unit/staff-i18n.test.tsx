import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../src/web/staff/api.ts';
import { auditActions } from '../../src/shared/contract/staff.ts';
import { normalizeAmount } from '../../src/web/staff/amount.ts';
import { serverText, staffCatalogue, type StaffCatalogue } from '../../src/web/staff/i18n.ts';

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
    const keys = (list: [string, string][]) => list.map(([k]) => k).filter((k) => !k.startsWith('serverTexts.'));
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

  it('keeps the English as written', () => {
    const m: StaffCatalogue = staffCatalogue.en;
    expect(m.inventory.caption('Private office')).toBe('Private office: units, availability and price');
  });
});

describe("reading the server's 400 by field", () => {
  const fields = ['name', 'base_monthly_rate', 'office_ids'];
  it('puts each problem under its field, and the rest apart', () => {
    expect(fieldErrorsOf('name: A name is required; base_monthly_rate: Expected an amount such as 1200 or 1200.50', fields)).toEqual({
      name: 'A name is required',
      base_monthly_rate: 'Expected an amount such as 1200 or 1200.50',
    });
    expect(fieldErrorsOf('office_ids.0: must be unit codes such as OFF-101', fields)).toEqual({ office_ids: 'must be unit codes such as OFF-101' });
    expect(fieldErrorsOf('Send at least one field to change', fields)).toEqual({ '': 'Send at least one field to change' });
    expect(fieldErrorsOf('colour: not a field', fields)).toEqual({ '': 'colour: not a field' });
    expect(fieldErrorsOf(undefined, fields)).toEqual({});
  });
});

describe("the server's texts in French", () => {
  const fr = staffCatalogue.fr;
  it('translates exact texts, a field prefix, several problems and the texts with a number', () => {
    expect(serverText(fr, 'Please sign in to continue')).toBe('Veuillez vous connecter pour continuer');
    expect(serverText(fr, 'This request must come from the staff console')).toBe('Cette demande doit venir de la console du personnel');
    expect(serverText(fr, 'Too many sign-in attempts. Try again in 42 seconds.')).toBe('Trop de tentatives de connexion. Réessayez dans 42 secondes.');
    expect(serverText(fr, 'name: A name is required; base_monthly_rate: Expected an amount such as 1200 or 1200.50')).toBe(
      'name\u00a0: Un nom est requis; base_monthly_rate\u00a0: Un montant comme 1200 ou 1200,50 est attendu',
    );
    expect(serverText(fr, 'office_id: OFF-1 is already the code of another unit')).toBe('office_id\u00a0: OFF-1 est déjà le code d’un autre espace');
    expect(serverText(fr, 'office_ids: no such office: OFF-9')).toBe('office_ids\u00a0: aucun bureau OFF-9');
    expect(serverText(fr, 'service_code: CR-A is already the service code of unit CONF-A')).toBe('service_code\u00a0: CR-A est déjà le code de service de l’espace CONF-A');
  });

  it('leaves what it does not know, and the English, as the server said it', () => {
    expect(serverText(fr, 'Something new went wrong')).toBe('Something new went wrong');
    expect(serverText(fr, 'colour: not a field')).toBe('colour: not a field');
    expect(serverText(staffCatalogue.en, 'Too many sign-in attempts. Try again in 42 seconds.')).toBe('Too many sign-in attempts. Try again in 42 seconds.');
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
