import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../src/web/staff/api.ts';
import { staffMessages, type StaffMessages } from '../../src/web/staff/i18n.ts';

/** Every text of a catalogue, functions called with sample arguments. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return texts((value as (...a: unknown[]) => unknown)('X', 'Y', 'Z'), `${path}()`);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

describe('the staff console catalogue', () => {
  const en = texts(staffMessages.en);
  const fr = texts(staffMessages.fr);

  it('has every text in both languages', () => {
    const keys = (list: [string, string][]) => list.map(([k]) => k).filter((k) => !k.startsWith('serverTexts.'));
    expect(keys(fr)).toEqual(keys(en));
    for (const [key, text] of [...en, ...fr]) expect(text, key).not.toBe('');
  });

  it('puts a no-break space, never an ordinary one or none, before : ; ! ? in French', () => {
    for (const [key, text] of fr) {
      expect(text, key).not.toMatch(/ [:;!?]/);
      expect(text, key).not.toMatch(/[^\s\u00a0/][;!?](\s|$)/);
      expect(text.replace(/https?:/g, ''), key).not.toMatch(/[^\s\u00a0]:(\s|$)/);
    }
    expect(staffMessages.fr.signedInAs('Léa')).toBe('Connecté\u00a0: Léa');
    expect(staffMessages.fr.inventory.retireTitle('Bureau 101')).toBe('Retirer Bureau 101\u00a0?');
  });

  it('keeps the English as written', () => {
    const m: StaffMessages = staffMessages.en;
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
