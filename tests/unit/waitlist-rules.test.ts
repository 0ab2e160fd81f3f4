import { describe, expect, it } from 'vitest';
import {
  checkWaitlistForm,
  waitlistEntryPayload,
  waitlistFieldProblems,
  waitlistFieldProblemsOf,
  waitlistFormEntry,
  waitlistProblemOf,
} from '../../src/shared/contract/waitlist.ts';
import {
  emptyWaitlistForm,
  formToPayload,
  isOfficeChoiceDisabled,
  isSelectionFull,
  toggleOffice,
  waitlistProblemEn,
  waitlistProblems,
  type WaitlistForm,
  type WaitlistProblem,
} from '../../src/shared/domain/waitlist-rules.ts';
import { isValidEmail } from '../../src/shared/domain/text.ts';

const today = '2026-11-23';

function filled(change: Partial<WaitlistForm> = {}): WaitlistForm {
  return {
    ...emptyWaitlistForm(7),
    customer_name: 'Émilie Gagnon',
    email: 'emilie@example.ca',
    ...change,
  };
}

describe('the enquiry form starts as SPEC.md §3 says', () => {
  it('has number_of_users 1 and the chosen office preselected', () => {
    expect(emptyWaitlistForm(7)).toMatchObject({ number_of_users: '1', service_offering_ids: [7], budget_min: '', budget_max: '' });
    expect(emptyWaitlistForm().service_offering_ids).toEqual([]);
  });
});

/** Every problem of a filled-in form, each once, in the order the form reports them; empty when it may be sent. */
function validateWaitlistForm(form: WaitlistForm, day: string) {
  const checked = checkWaitlistForm(form, day);
  return checked.ok ? [] : checked.problems;
}

describe('the problems of a filled-in form', () => {
  it.each<[string, Partial<WaitlistForm>, WaitlistProblem[]]>([
    ['a filled-in form', {}, []],
    ['no name', { customer_name: '' }, ['required']],
    ['a name of spaces', { customer_name: '   ' }, ['required']],
    ['no e-mail', { email: '' }, ['required']],
    ['neither name nor e-mail, reported once', { customer_name: '', email: '' }, ['required']],
    ['a name of 200 characters', { customer_name: 'x'.repeat(200) }, []],
    ['a name of 201 characters', { customer_name: 'x'.repeat(201) }, ['nameTooLong']],
    ['an e-mail without @', { email: 'emilie.example.ca' }, ['emailInvalid']],
    ['an e-mail with a space', { email: 'emilie gagnon@example.ca' }, ['emailInvalid']],
    ['an e-mail with spaces around it', { email: '  emilie@example.ca ' }, []],
    ['a phone of 40 characters', { phone: '5'.repeat(40) }, []],
    ['a phone of 41 characters', { phone: '5'.repeat(41) }, ['phoneTooLong']],
    ['no office', { service_offering_ids: [] }, ['officeRequired']],
    ['3 offices', { service_offering_ids: [1, 2, 3] }, []],
    ['4 offices', { service_offering_ids: [1, 2, 3, 4] }, ['officeLimit']],
    ['one office twice', { service_offering_ids: [1, '1'] }, ['officeDuplicate']],
    ['1 user', { number_of_users: '1' }, []],
    ['0 users', { number_of_users: '0' }, ['usersInvalid']],
    ['-1 users', { number_of_users: '-1' }, ['usersInvalid']],
    ['1.5 users', { number_of_users: '1.5' }, ['usersInvalid']],
    ['an empty number of users', { number_of_users: '' }, ['usersInvalid']],
    ['10,000 users', { number_of_users: '10000' }, []],
    ['10,001 users', { number_of_users: '10001' }, ['usersTooMany']],
    ['no budgets', { budget_min: '', budget_max: '' }, []],
    ['budgets of 0', { budget_min: '0', budget_max: '0' }, []],
    ['a negative budget', { budget_min: '-1' }, ['budgetInvalid']],
    ['a budget that is not a number', { budget_max: 'lots' }, ['budgetInvalid']],
    ['a budget of $10,000,000', { budget_max: '10000000' }, []],
    ['a budget above $10,000,000', { budget_max: '10000000.01' }, ['budgetTooHigh']],
    ['equal budgets', { budget_min: '1200', budget_max: '1200' }, []],
    ['a minimum a cent above the maximum', { budget_min: '1200.01', budget_max: '1200' }, ['budgetOrder']],
    ['only a maximum', { budget_max: '500' }, []],
    ['a start date today', { desired_start_date: today }, []],
    ['a start date yesterday', { desired_start_date: '2026-11-22' }, ['datePast']],
    ['a start date tomorrow', { desired_start_date: '2026-11-24' }, []],
    ['an impossible date', { desired_start_date: '2026-02-29' }, ['dateInvalid']],
    ['every problem at once, SPEC.md order first', { customer_name: '', service_offering_ids: [], number_of_users: '0' }, ['required', 'officeRequired', 'usersInvalid']],
  ])('%s', (_label, change, problems) => {
    expect(validateWaitlistForm(filled(change), today)).toEqual(problems);
  });

  it('agrees with the shared payload schema the server uses, on every form above', () => {
    const forms: Partial<WaitlistForm>[] = [
      {},
      { customer_name: '' },
      { email: 'nope' },
      { service_offering_ids: [] },
      { service_offering_ids: [1, 2, 3, 4] },
      { number_of_users: '0' },
      { number_of_users: '10001' },
      { budget_min: '-1' },
      { budget_min: '5', budget_max: '4' },
      { budget_max: '10000000.01' },
      { desired_start_date: '2026-02-29' },
    ];
    for (const change of forms) {
      const formProblems = validateWaitlistForm(filled(change), today);
      const parsed = waitlistEntryPayload.safeParse(formToPayload(filled(change)));
      expect(parsed.success ? [] : [waitlistProblemOf(parsed.error)]).toEqual(formProblems.slice(0, 1));
    }
  });
});

describe('waitlistFieldProblems: which field to mark', () => {
  it.each<[string, Partial<WaitlistForm>, Record<string, WaitlistProblem>]>([
    ['none on a filled-in form', {}, {}],
    ['the empty e-mail', { email: '' }, { email: 'required' }],
    ['both required fields', { customer_name: ' ', email: '' }, { customer_name: 'required', email: 'required' }],
    ['the office list', { service_offering_ids: [] }, { service_offering_ids: 'officeRequired' }],
    ['each bad budget', { budget_min: '-5', budget_max: 'x' }, { budget_min: 'budgetInvalid', budget_max: 'budgetInvalid' }],
    ['the maximum when the budgets are the wrong way round', { budget_min: '10', budget_max: '9' }, { budget_max: 'budgetOrder' }],
    ['the date', { desired_start_date: '2026-11-22' }, { desired_start_date: 'datePast' }],
  ])('marks %s', (_label, change, expected) => {
    expect(waitlistFieldProblems(filled(change), today)).toEqual(expected);
  });
});

describe('one schema: every problem is a code the schema reports', () => {
  it('checkWaitlistForm gives the payload to send, trimmed, or each field’s problem and the problems in order', () => {
    expect(checkWaitlistForm(filled({ customer_name: ' Émilie ', budget_min: '900' }), today)).toEqual({
      ok: true,
      entry: { customer_name: 'Émilie', email: 'emilie@example.ca', number_of_users: 1, budget_min: 900, service_offering_ids: [7] },
    });
    expect(checkWaitlistForm(filled({ email: '', number_of_users: '0', desired_start_date: '2026-11-22' }), today)).toEqual({
      ok: false,
      fields: { email: 'required', number_of_users: 'usersInvalid', desired_start_date: 'datePast' },
      problems: ['required', 'usersInvalid', 'datePast'],
    });
  });

  it('a past start date is the form’s rule only: the server schema takes it, for entries queued offline', () => {
    const late = formToPayload(filled({ desired_start_date: '2026-11-22' }));
    expect(waitlistEntryPayload.safeParse(late).success).toBe(true);
    const parsed = waitlistFormEntry(today).safeParse(late);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path, i.message])).toEqual([[['desired_start_date'], 'datePast']]);
  });

  it('an entry-wide rule marks its field only once the fields it reads are right', () => {
    expect(waitlistFieldProblems(filled({ budget_min: '5', budget_max: 'x' }), today)).toEqual({ budget_max: 'budgetInvalid' });
    expect(waitlistFieldProblems(filled({ budget_min: '5', budget_max: '4', number_of_users: '' }), today)).toEqual({
      number_of_users: 'usersInvalid',
      budget_max: 'budgetOrder',
    });
  });

  it('waitlistFieldProblemsOf reads the server schema’s issues by field, an office’s by its list', () => {
    const parsed = waitlistEntryPayload.safeParse({ customer_name: 42, email: 'x', service_offering_ids: [0], number_of_users: 1 });
    expect(parsed.success).toBe(false);
    expect(waitlistFieldProblemsOf(parsed.error?.issues ?? [])).toEqual({ customer_name: 'required', email: 'emailInvalid', service_offering_ids: 'officeInvalid' });
  });
});

describe('formToPayload', () => {
  it('sends numbers, trims text, and omits empty budgets, phone and date (SPEC.md §5)', () => {
    expect(formToPayload(filled({ customer_name: ' Émilie ', number_of_users: '4', budget_min: '900', budget_max: '1500.50', phone: ' 514 ' }))).toEqual({
      customer_name: 'Émilie',
      email: 'emilie@example.ca',
      phone: '514',
      number_of_users: 4,
      budget_min: 900,
      budget_max: 1500.5,
      service_offering_ids: [7],
    });
    const bare = formToPayload(filled());
    expect(Object.keys(bare).sort()).toEqual(['customer_name', 'email', 'number_of_users', 'service_offering_ids']);
  });
});

describe('office selection (at most 3)', () => {
  it.each([
    [[], 1, [1]],
    [[1], 2, [1, 2]],
    [[1, 2], 3, [1, 2, 3]],
    [[1, 2, 3], 4, [1, 2, 3]],
    [[1, 2, 3], 2, [1, 3]],
    [['1'], 1, []],
  ])('toggling %j with %j gives %j', (selected, id, expected) => {
    expect(toggleOffice(selected, id)).toEqual(expected);
  });

  it.each([
    [[1, 2], 3, false, false],
    [[1, 2, 3], 4, true, true],
    [[1, 2, 3], 3, true, false],
  ])('with %j selected, box %j: full %s, disabled %s', (selected, id, full, disabled) => {
    expect(isSelectionFull(selected)).toBe(full);
    expect(isOfficeChoiceDisabled(selected, id)).toBe(disabled);
  });
});

describe('texts', () => {
  it('has an English text for every problem, SPEC.md §5 to the letter where it gives one', () => {
    for (const p of waitlistProblems) expect(waitlistProblemEn[p].length).toBeGreaterThan(0);
    expect(waitlistProblemEn.required).toBe('Please fill in all required fields');
    expect(waitlistProblemEn.officeRequired).toBe('Please select at least one office');
  });

  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.ca', true],
    ['a@b', false],
    ['@b.co', false],
    ['a@.co', false],
    ['a@@b.co', false],
    [`${'a'.repeat(249)}@b.co`, true],
    [`${'a'.repeat(250)}@b.co`, false],
  ])('isValidEmail(%j) is %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});
