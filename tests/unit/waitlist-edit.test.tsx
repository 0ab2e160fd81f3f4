// @vitest-environment jsdom
/// <reference types="vite/client" />
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Office } from '../../src/shared/contract/offices.ts';
import { newQueuedEntry, type QueuedWaitlistEntry } from '../../src/shared/domain/waitlist-outbox.ts';
import type { SubmitOutcome } from '../../src/web/storage/waitlist-outbox.ts';
import { EnquiryForm } from '../../src/web/features/waitlist/enquiry-form.tsx';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';

/** The device's outbox and draft, in memory, with a log of what the form asked of them, in order. */
const device = vi.hoisted(() => ({
  outbox: new Map<string, unknown>(),
  draft: undefined as unknown,
  log: [] as string[],
  answers: [] as SubmitOutcome[],
  listeners: new Set<() => void>(),
  keys: 0,
  /** Every entry the form stored, as it stored it. */
  entries: [] as Record<string, unknown>[],
}));
vi.mock('../../src/web/storage/waitlist-outbox.ts', () => {
  const stored = (entry: Record<string, unknown>, label: string) => {
    device.keys += 1;
    device.entries.push(entry);
    const e = { key: `new-${device.keys}`, url: '/public-api/waitlist', entry, label, createdAt: 0, attempts: 0, nextAttemptAt: 0, state: 'pending' as const };
    device.outbox.set(e.key, e);
    return e;
  };
  const changed = () => device.listeners.forEach((l) => l());
  return {
    readWaitlistDraft: async () => {
      device.log.push('readDraft');
      return device.draft;
    },
    writeWaitlistDraft: async (draft: unknown) => {
      device.log.push('writeDraft');
      device.draft = draft;
    },
    clearWaitlistDraft: async () => {
      device.log.push('clearDraft');
      device.draft = undefined;
    },
    readOutboxEntry: async (key: string) => device.outbox.get(key),
    subscribeOutbox: (l: () => void) => {
      device.listeners.add(l);
      return () => device.listeners.delete(l);
    },
    enqueueWaitlistEntry: async (entry: Record<string, unknown>, label: string) => {
      const e = stored(entry, label);
      device.log.push(`enqueue ${e.key}`);
      changed();
      return e;
    },
    replaceWaitlistEntry: async (old: string, entry: Record<string, unknown>, label: string) => {
      const e = stored(entry, label);
      device.outbox.delete(old);
      device.log.push(`replace ${old} by ${e.key}`);
      changed();
      return e;
    },
    sendQueuedNow: async (key: string) => {
      device.log.push(`send ${key}`);
      const outcome = device.answers.shift() ?? { kind: 'sent' };
      if (outcome.kind === 'sent') device.outbox.delete(key);
      if (outcome.kind === 'rejected') device.outbox.set(key, { ...(device.outbox.get(key) as object), state: 'failed', error: outcome.error });
      changed();
      return outcome;
    },
    sendUnqueued: async () => ({ networkError: true }),
    discardEntry: async (key: string) => {
      device.log.push(`discard ${key}`);
      device.outbox.delete(key);
      changed();
    },
  };
});

function office(id: number, name: string, change: Partial<Office> = {}): Office {
  return { id, office_id: `OFF-${id}`, name, service_type: 'dedicated_office', is_available: false, next_available_date: '2099-03-01', base_monthly_rate: '1200.00', ...change };
}
const offices = [office(203, 'Office 203'), office(204, 'Office 204'), office(5, 'Desk B2', { service_type: 'assigned_desk' }), office(101, 'Office 101 - Window', { is_available: true })];

const refused: QueuedWaitlistEntry = {
  ...newQueuedEntry(
    'old-key',
    '/public-api/waitlist',
    {
      customer_name: 'Jeanne Roy',
      email: 'jeanne@example',
      phone: '514-555-0199',
      number_of_users: 4,
      budget_min: 1200,
      budget_max: 1850.5,
      desired_start_date: '2099-09-01',
      service_offering_ids: [203, 5],
    },
    'Jeanne Roy: Office 203, Desk B2',
    0,
  ),
  attempts: 1,
  state: 'failed',
  error: 'Please enter a valid e-mail address',
  lastStatus: 400,
};

function renderForm(props: { editing?: QueuedWaitlistEntry; lang?: Lang } = {}) {
  const onSent = vi.fn();
  render(
    <LanguageProvider initial={props.lang ?? 'en'}>
      <EnquiryForm offices={offices} editing={props.editing} onSent={onSent} />
    </LanguageProvider>,
  );
  return onSent;
}

/** A field by its accessible name: the required ones carry '(required)' for screen readers, not a '*'. */
const input = (name: string) => (/\((required|obligatoire)\)/.test(name) ? screen.getByRole('textbox', { name }) : screen.getByLabelText(name)) as HTMLInputElement;
const value = (name: string) => input(name).value;
const checked = (name: RegExp) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

beforeEach(() => {
  device.outbox = new Map([[refused.key, refused]]);
  device.draft = undefined;
  device.log = [];
  device.answers = [];
  device.listeners.clear();
  device.keys = 0;
  device.entries = [];
});

afterEach(() => cleanup());

describe('correcting an entry on this device', () => {
  it('opens with every field of the entry, says why it was refused, and leaves the draft alone', async () => {
    renderForm({ editing: refused });
    expect(value('Name (required)')).toBe('Jeanne Roy');
    expect(value('E-mail (required)')).toBe('jeanne@example');
    expect(value('Phone')).toBe('514-555-0199');
    expect(value('Number of users')).toBe('4');
    expect(value('Minimum monthly budget (CAD)')).toBe('1200');
    expect(value('Maximum monthly budget (CAD)')).toBe('1850.5');
    expect(value('Desired start date')).toBe('2099-09-01');
    expect(checked(/Office 203/)).toBe(true);
    expect(checked(/Desk B2/)).toBe(true);
    expect(checked(/Office 204/)).toBe(false);
    expect(screen.getByText('Correct your waitlist entry')).toBeTruthy();
    expect(screen.getByText('Not accepted: Please enter a valid e-mail address')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Phone'), '1');
    expect(device.log).toEqual([]);
  });

  it('en français', () => {
    renderForm({ editing: refused, lang: 'fr' });
    expect(screen.getByText('Corrigez votre inscription à la liste d’attente')).toBeTruthy();
    expect(screen.getByText('Refusée : Veuillez entrer une adresse courriel valide')).toBeTruthy();
    expect(value('Courriel (obligatoire)')).toBe('jeanne@example');
  });

  it('the corrected entry is stored under a new key in place of the old one, then sent', async () => {
    const onSent = renderForm({ editing: refused });
    await userEvent.clear(input('E-mail (required)'));
    await userEvent.type(input('E-mail (required)'), 'jeanne@example.ca');
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(device.log).toEqual(['replace old-key by new-1', 'send new-1']);
    expect(device.outbox.size).toBe(0);
  });

  it.each(['en', 'fr'] as const)('the entry carries the language the form was filled in (%s), for the e-mails it brings', async (lang) => {
    const onSent = renderForm({ editing: refused, lang });
    const email = lang === 'fr' ? 'Courriel (obligatoire)' : 'E-mail (required)';
    await userEvent.clear(input(email));
    await userEvent.type(input(email), 'jeanne@example.ca');
    await userEvent.click(screen.getByRole('button', { name: lang === 'fr' ? 'M’inscrire' : 'Join Waitlist' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(device.entries.map((e) => e.language)).toEqual([lang]);
  });

  it('a correction the server refuses again stays on the device, with the new reason in the form; the next try replaces it', async () => {
    device.answers = [{ kind: 'rejected', error: 'Please select no more than 3 offices' }];
    const onSent = renderForm({ editing: refused });
    // Never said, not even for a moment, while the refused correction is on the device.
    let saidGone = false;
    const watch = new MutationObserver(() => (saidGone ||= /no longer on this device/.test(document.body.textContent ?? '')));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    await userEvent.clear(input('E-mail (required)'));
    await userEvent.type(input('E-mail (required)'), 'jeanne@example.ca');
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please select no more than 3 offices');
    expect(device.log).toEqual(['replace old-key by new-1', 'send new-1']);
    expect([...device.outbox.keys()]).toEqual(['new-1']);
    expect(screen.queryByText(/Not accepted: Please enter a valid e-mail address/)).toBeNull();
    expect(screen.queryByText(/no longer on this device/)).toBeNull();
    expect(value('E-mail (required)')).toBe('jeanne@example.ca');
    watch.disconnect();
    expect(saidGone).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: /Desk B2/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(device.log).toEqual(['replace old-key by new-1', 'send new-1', 'replace new-1 by new-2', 'send new-2']);
  });

  it('a refusal that names its problem code is said by that code, in French too', async () => {
    device.answers = [{ kind: 'rejected', error: 'Some English wording', problem: 'officeUnknown' }];
    renderForm({ editing: refused, lang: 'fr' });
    await userEvent.clear(input('Courriel (obligatoire)'));
    await userEvent.type(input('Courriel (obligatoire)'), 'jeanne@example.ca');
    await userEvent.click(screen.getByRole('button', { name: 'M’inscrire' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Un ou plusieurs des espaces choisis n’existent pas');
  });

  it('an edit left without submitting changes nothing on the device', async () => {
    renderForm({ editing: refused });
    await userEvent.type(input('Name (required)'), 'x');
    cleanup();
    expect(device.log).toEqual([]);
    expect(device.outbox.get('old-key')).toBe(refused);
  });

  it('when the entry leaves the device meanwhile, the form says so and a submit adds a new entry', async () => {
    const waiting: QueuedWaitlistEntry = { ...refused, state: 'pending', error: undefined, lastStatus: 503 };
    device.outbox.set(waiting.key, waiting);
    const onSent = renderForm({ editing: waiting });
    expect(screen.getByText(/Once you send it corrected, it replaces the saved one/)).toBeTruthy();
    device.outbox.delete(waiting.key);
    device.listeners.forEach((l) => l());
    expect(
      await screen.findByText(
        'This entry is no longer on this device: it has been sent as it was, or discarded. If you submit this form, it is sent as a new entry.',
      ),
    ).toBeTruthy();
    await userEvent.clear(input('E-mail (required)'));
    await userEvent.type(input('E-mail (required)'), 'jeanne@example.ca');
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(device.log).toEqual(['enqueue new-1', 'send new-1']);
  });

  it('an office no longer on the waitlist is left out, and named', async () => {
    const withAvailable: QueuedWaitlistEntry = { ...refused, entry: { ...refused.entry, email: 'jeanne@example.ca', service_offering_ids: [203, 101] } };
    device.outbox.set(withAvailable.key, withAvailable);
    renderForm({ editing: withAvailable });
    expect(screen.getByText('No longer on the waitlist, so not chosen: Office 101 - Window')).toBeTruthy();
    expect(checked(/Office 203/)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() => expect(device.log).toEqual(['replace old-key by new-1', 'send new-1']));
  });
});

describe('a new entry (no edit): as before', () => {
  it('reads the draft, and a refusal on the first send is shown in the form and not kept on the device', async () => {
    device.answers = [{ kind: 'rejected', error: 'This waitlist is closed' }];
    renderForm();
    await waitFor(() => expect(device.log).toContain('readDraft'));
    await userEvent.type(input('Name (required)'), 'Luc');
    await userEvent.type(input('E-mail (required)'), 'luc@example.ca');
    await userEvent.click(screen.getByRole('checkbox', { name: /Office 204/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This waitlist is closed');
    const sends = device.log.filter((l) => !l.endsWith('Draft'));
    expect(sends).toEqual(['enqueue new-1', 'send new-1', 'discard new-1']);
    expect(device.outbox.has('new-1')).toBe(false);
    expect(device.log).not.toContain('clearDraft');
    expect(value('Name (required)')).toBe('Luc');
  });
});
