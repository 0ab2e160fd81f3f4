import { describe, expect, it } from 'vitest';
import { blankLine, contractPlainText, substituteSections, substituteVariables, variableNames } from '../../src/shared/domain/contract-text.ts';

describe('substituteVariables', () => {
  const vars = { company: 'Acme Inc.', rent: '$1,200.00', months: 12, empty: '', blank: '   ', nothing: null, toString: 'own' };
  it.each([
    ['Tenant: {{company}}', 'Tenant: Acme Inc.'],
    ['Tenant: {{ company }}', 'Tenant: Acme Inc.'],
    ['{{company}} pays {{rent}} for {{months}} months', 'Acme Inc. pays $1,200.00 for 12 months'],
    ['Phone: {{phone}}', `Phone: ${blankLine}`],
    ['Empty: {{empty}}', `Empty: ${blankLine}`],
    ['Blank: {{blank}}', `Blank: ${blankLine}`],
    ['Null: {{nothing}}', `Null: ${blankLine}`],
    ['Inherited names are not values: {{constructor}}', `Inherited names are not values: ${blankLine}`],
    ['Own keys named like Object members work: {{toString}}', 'Own keys named like Object members work: own'],
    ['Single braces stay: {company}', 'Single braces stay: {company}'],
    ['Empty markers stay: {{}}', 'Empty markers stay: {{}}'],
    ['No variables at all', 'No variables at all'],
    ['{{company}}{{company}}', 'Acme Inc.Acme Inc.'],
  ])('%j → %j', (text, shown) => {
    expect(substituteVariables(text, vars)).toBe(shown);
  });

  it('inserts values as they are: markup in a value stays text, and a value is never substituted again', () => {
    expect(substituteVariables('{{a}}', { a: '<script>alert(1)</script> {{b}}', b: 'x' })).toBe('<script>alert(1)</script> {{b}}');
  });

  it('the blank line is eight underscores', () => {
    expect(blankLine).toBe('________');
  });
});

describe('variableNames', () => {
  it('lists each name once in order of appearance', () => {
    expect(variableNames('{{b}} {{ a }} {{b}} {c}')).toEqual(['b', 'a']);
  });
});

describe('sections', () => {
  const sections = [
    {
      title: 'Parties {{company}}',
      content: [
        { title: 'Tenant', description: '{{company}} at {{address}}', details: [{ title: 'Items', items: ['Rent {{rent}}', 'Fob'] }] },
        { title: 'Plain', description: null, details: null },
      ],
    },
  ];

  it('substitutes every title, description and item and keeps the shape', () => {
    expect(substituteSections(sections, { company: 'Acme', rent: '$5' })).toEqual([
      {
        title: 'Parties Acme',
        content: [
          { title: 'Tenant', description: `Acme at ${blankLine}`, details: [{ title: 'Items', description: undefined, items: ['Rent $5', 'Fob'] }] },
          { title: 'Plain', description: undefined, details: undefined },
        ],
      },
    ]);
  });

  it('gives the plain text in reading order, one line per text', () => {
    expect(contractPlainText(sections, { company: 'Acme', rent: '$5', address: '1 Main' })).toBe(
      ['Parties Acme', 'Tenant', 'Acme at 1 Main', 'Items', '- Rent $5', '- Fob', 'Plain'].join('\n'),
    );
  });
});
