// @vitest-environment jsdom
/// <reference types="vite/client" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { Office } from '../../src/shared/contract/offices.ts';
import { fieldProblems, problems, schemaIssueCodes } from '../../src/shared/contract/problems.ts';
import { staffUnitsResponse } from '../../src/shared/contract/staff-console.ts';
import { ApiRequestError, requestJson } from '../../src/web/app/api.ts';
import MailboxDialog from '../../src/web/features/booking/mailbox-dialog.tsx';
import { fieldProblemWords } from '../../src/web/i18n/field-problem-words.ts';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';
import { visitorProblemText, visitorProblemWords } from '../../src/web/i18n/visitor-problem-words.ts';
import { staffRequest, StaffApiError } from '../../src/web/staff/api.ts';
import { staffFieldWords, staffProblemWords } from '../../src/web/staff/problem-words.ts';
import { answer, detailHeader, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole } from './staff-waitlist-console.tsx';
import { problemOfHeaders } from '../../src/web/i18n/problem-headers.ts';

/*
 * The problems the API names by code (shared/contract/problems.ts): the PWA and the console say
 * each in their own words, in the reader's language, from the problem-code and problem-detail
 * headers; an answer with no code, or a code they do not know, says the server's own text.
 */

const nbsp = '\u00a0';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('every problem has words', () => {
  const codesFor = (audiences: readonly string[]) => Object.entries(problems).filter(([, p]) => audiences.includes(p.audience)).map(([code]) => code);

  it('in the PWA, each code a visitor may meet, in both languages', () => {
    for (const lang of ['en', 'fr'] as const) {
      for (const code of codesFor(['visitor', 'any'])) expect(Object.hasOwn(visitorProblemWords[lang], code), `${lang} ${code}`).toBe(true);
    }
  });

  it('in the console, each code staff may meet and each field problem, in both languages', () => {
    for (const lang of ['en', 'fr'] as const) {
      for (const code of codesFor(['staff', 'any'])) expect(Object.hasOwn(staffProblemWords[lang], code), `${lang} ${code}`).toBe(true);
      for (const code of [...Object.keys(fieldProblems), ...schemaIssueCodes]) expect(Object.hasOwn(staffFieldWords[lang], code), `${lang} ${code}`).toBe(true);
    }
  });

  it('sets the console’s French field words in Quebec typography', () => {
    const sample = { minimum: 2, maximum: 200, codes: ['OFF-9'], days: 90, code: 'OFF-1', unit: 'CONF-A', message: 'zod' };
    for (const [code, words] of Object.entries(staffFieldWords.fr)) expect((words as (p: unknown) => string)(sample), code).not.toMatch(/ :/);
    expect(staffFieldWords.fr.retired_units({ codes: ['OFF-9'] })).toBe(`retirés, plus offerts${nbsp}: OFF-9`);
    expect(fieldProblemWords.fr.retired_units({ codes: ['OFF-9'] })).toBe('retirés, plus offerts : OFF-9');
  });
});

describe('ApiRequestError reads the problem the headers name', () => {
  const failure = async (response: Response) => {
    vi.stubGlobal('fetch', vi.fn(async () => response));
    return requestJson('/public-api/anything', z.object({ success: z.literal(true) })).then(
      () => expect.fail('the call should fail'),
      (error: unknown) => error as ApiRequestError,
    );
  };

  it('its code, values and fields, names in UTF-8 included', async () => {
    const error = await failure(
      refusal(400, 'Invalid checkout request: buyer_email: email', 'invalid_checkout_request', {
        params: { name: 'Bureau Montréal 101' },
        fields: [{ path: 'buyer_email', code: 'buyer_email' }],
      }),
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(problemOfHeaders(error.headers)).toEqual({
      code: 'invalid_checkout_request',
      params: { name: 'Bureau Montréal 101' },
      fields: [{ path: 'buyer_email', code: 'buyer_email' }],
    });
    expect(error.serverText).toBe('Invalid checkout request: buyer_email: email');
  });

  it('a code without detail has no values; no code, or a detail that does not read, is no code', async () => {
    const bare = await failure(refusal(503, 'We are busy right now. Please try again in a few seconds.', 'busy'));
    expect(problemOfHeaders(bare.headers)).toEqual({ code: 'busy' });

    for (const detail of ['%%% not base64 %%%', detailHeader('a string, not an object'), detailHeader({ fields: [{ path: 1 }] }), 'e30']) {
      const error = await failure(refusal(409, 'Office 101 is no longer available.', 'unit_unavailable', detail));
      // 'e30' is '{}': a detail that reads, with nothing in it.
      if (detail === 'e30') expect(problemOfHeaders(error.headers)).toEqual({ code: 'unit_unavailable' });
      else expect(problemOfHeaders(error.headers), detail).toBeUndefined();
      expect(error.serverText).toBe('Office 101 is no longer available.');
    }

    const none = await failure(refusal(409, 'Sold out'));
    expect(problemOfHeaders(none.headers)).toBeUndefined();
  });

  it('words a code it knows in the visitor’s language, and nothing for one it does not', () => {
    expect(visitorProblemText({ code: 'too_many_unpaid_holds', params: { holds: 3, minutes: 1 } }, 'fr')).toBe(
      'Vous avez déjà 3 réservations en attente de paiement. Terminez le paiement de l’une d’elles, ou réessayez dans 1 minute.',
    );
    expect(visitorProblemText({ code: 'prices_differ', params: { amounts: [{ amount: 'monthlyRate', ours: 120000, sent: 100000 }] } }, 'fr')).toBe(
      `Les prix envoyés ne correspondent pas aux nôtres (tarif mensuel : 1${nbsp}200,00${nbsp}$ et non 1${nbsp}000,00${nbsp}$). Veuillez recharger la page et réessayer.`,
    );
    expect(visitorProblemText({ code: 'already_booked', params: { name: 'Room A', dates: ['2026-12-02'] } }, 'en')).toBe('Room A is already booked on December 2, 2026. Please choose another date.');
    expect(visitorProblemText({ code: 'a_code_from_a_newer_server' }, 'fr')).toBeUndefined();
    expect(visitorProblemText({ code: 'invalid_request', fields: [{ path: 'x', code: 'a_newer_field_code' }] }, 'fr')).toBeUndefined();
    expect(visitorProblemText(undefined, 'fr')).toBeUndefined();
  });
});

describe('a checkout refused (SPEC §8), in the visitor’s language', () => {
  const mailbox: Office = {
    id: 7,
    office_id: 'MAILBOX-SCAN',
    service_code: null,
    name: 'Mailbox + Mail Scanning',
    service_type: 'mailbox',
    location_code: null,
    seating_capacity: null,
    base_monthly_rate: '59.00',
    is_available: true,
    next_available_date: null,
  };

  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });

  async function subscribe(lang: Lang, response: Response) {
    vi.stubGlobal('fetch', vi.fn(async () => response));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LanguageProvider initial={lang}>
          <MailboxDialog office={mailbox} offices={[mailbox]} onClose={() => undefined} />
        </LanguageProvider>
      </QueryClientProvider>,
    );
    const label = lang === 'fr' ? `S’abonner pour 67,84${nbsp}$/mois` : 'Subscribe for $67.84/mo';
    await userEvent.setup().click(screen.getByRole('button', { name: label }));
    return (await screen.findByRole('alert')).textContent;
  }

  it('says a problem the server named in French, with its values', async () => {
    const said = await subscribe(
      'fr',
      refusal(409, 'Mailbox + Mail Scanning is no longer available. Join the waitlist to hear when it is.', 'unit_unavailable', { params: { name: 'Mailbox + Mail Scanning' } }),
    );
    expect(said).toBe('Mailbox + Mail Scanning n’est plus disponible. Inscrivez-vous à la liste d’attente pour savoir quand il le sera.');
  });

  it('says the server’s own text when it named no problem, or one this version does not know', async () => {
    expect(await subscribe('fr', refusal(409, 'Held for someone else.'))).toBe('Held for someone else.');
    cleanup();
    expect(await subscribe('fr', refusal(409, 'Frozen for a migration.', 'unit_frozen'))).toBe('Frozen for a migration.');
    cleanup();
    expect(await subscribe('fr', new Response('{}', { status: 502 }))).toBe('Une erreur est survenue lors de la création de la session de paiement');
  });
});

describe('the console', () => {
  beforeEach(setUpConsole);
  afterEach(tearDownConsole);

  it('StaffApiError reads the headers, and survives a detail that does not read', async () => {
    const call = async (response: Response) => {
      vi.stubGlobal('fetch', vi.fn(async () => response));
      return staffRequest('/admin-api/units/7', { schema: z.object({ success: z.literal(true) }) }).then(
        () => expect.fail('the call should fail'),
        (error: unknown) => error as StaffApiError,
      );
    };
    const named = await call(refusal(404, 'No unit 7', 'no_unit', { params: { id: 7 } }));
    expect([named.status, named.serverError, named.code, named.params, named.fields]).toEqual([404, 'No unit 7', 'no_unit', { id: 7 }, []]);
    const garbled = await call(refusal(404, 'No unit 7', 'no_unit', 'not:base64!'));
    expect([garbled.status, garbled.serverError, garbled.code, garbled.fields]).toEqual([404, 'No unit 7', undefined, []]);
  });

  function unitsServer(created: () => Response) {
    return fakeAdminApi((request) => {
      if (request.path === '/admin-api/units' && request.method === 'GET') return answer(staffUnitsResponse, { success: true, units: [] });
      if (request.path === '/admin-api/units' && request.method === 'POST') return created();
      return undefined;
    });
  }

  async function addUnit(lang: 'en' | 'fr') {
    const t = lang === 'fr' ? { add: 'Ajouter un espace', code: /^Code de l’espace/, name: /^Nom/, type: /^Type/, submit: 'Ajouter l’espace' } : { add: 'Add a unit', code: /^Office code/, name: /^Name/, type: /^Type/, submit: 'Add the unit' };
    const user = userEvent.setup();
    renderConsole('/staff/inventory', lang);
    await user.click(await screen.findByRole('button', { name: t.add }));
    const dialog = screen.getByRole('dialog', { name: t.add });
    await user.type(within(dialog).getByLabelText(t.code), 'OFF-101');
    await user.type(within(dialog).getByLabelText(t.name), 'Bureau 101');
    await user.selectOptions(within(dialog).getByLabelText(t.type), 'dedicated_office');
    await user.click(within(dialog).getByRole('button', { name: t.submit }));
    return { dialog, code: within(dialog).getByLabelText(t.code) };
  }

  const description = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('puts a field’s problem beside it, in French, from the problem-detail header', async () => {
    unitsServer(() =>
      refusal(409, 'office_id: OFF-101 is already the code of another unit', 'unit_code_taken', { fields: [{ path: 'office_id', code: 'code_taken', params: { code: 'OFF-101' } }] }),
    );
    const { dialog, code } = await addUnit('fr');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(description(code)).toContain('OFF-101 est déjà le code d’un autre espace');
    expect(within(dialog).getByRole('alert').textContent).toBe('Certains champs sont à corriger. Chacun dit pourquoi.');
    expect(document.activeElement).toBe(code);
  });

  it('says the server’s text for a code it does not know, and for a field whose code it does not know', async () => {
    unitsServer(() => refusal(409, 'OFF-101 is frozen for a migration', 'unit_frozen'));
    const first = await addUnit('fr');
    expect((await within(first.dialog).findByRole('alert')).textContent).toBe('OFF-101 is frozen for a migration');
    expect(first.code.getAttribute('aria-invalid')).toBeNull();
    tearDownConsole();
    cleanup();
    setUpConsole();

    unitsServer(() => refusal(400, 'office_id: must rhyme', 'invalid_request', { fields: [{ path: 'office_id', code: 'must_rhyme' }] }));
    const second = await addUnit('fr');
    expect((await within(second.dialog).findByRole('alert')).textContent).toBe('office_id: must rhyme');
  });
});
