// @vitest-environment jsdom
/// <reference types="vite/client" />
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newQueuedEntry, type QueuedWaitlistEntry } from '../../src/shared/domain/waitlist-outbox.ts';
import { refusalText, waitlistCatalogue } from '../../src/web/features/waitlist/catalogue.ts';
import PendingEntries, { PendingEntriesPanel, type PendingEntriesPanelProps } from '../../src/web/features/waitlist/pending-entries.tsx';
import { nextDurationChange, waitingDuration } from '../../src/web/features/waitlist/pending-status.ts';
import { LanguageProvider, type Lang } from '../../src/web/i18n/i18n.tsx';

/** The outbox on this device, in memory: the panel's container reads and changes it through these. */
const outbox = vi.hoisted(() => ({
  entries: [] as QueuedWaitlistEntry[],
  listeners: new Set<() => void>(),
  discarded: [] as string[],
  flushed: 0,
}));
vi.mock('../../src/web/storage/waitlist-outbox.ts', () => ({
  listOutbox: async () => [...outbox.entries],
  subscribeOutbox: (l: () => void) => {
    outbox.listeners.add(l);
    return () => outbox.listeners.delete(l);
  },
  startWaitlistOutbox: () => undefined,
  flushWaitlistOutbox: async () => {
    outbox.flushed += 1;
    return { sent: [], rejected: [], waiting: 0 };
  },
  discardEntry: async (key: string) => {
    outbox.discarded.push(key);
    outbox.entries = outbox.entries.filter((e) => e.key !== key);
    for (const l of outbox.listeners) l();
  },
}));
const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const t0 = Date.UTC(2031, 4, 12, 18, 5);
const minute = 60_000;

function queued(key: string, name: string, change: Partial<QueuedWaitlistEntry> = {}): QueuedWaitlistEntry {
  return { ...newQueuedEntry(key, '/public-api/waitlist', { customer_name: name }, `${name}: Office 203`, t0), ...change };
}

const refused = queued('k-refused', 'Jeanne', { attempts: 1, state: 'failed', error: 'Please select at least one office', lastStatus: 400 });
const down = queued('k-down', 'Marc', { attempts: 3, lastStatus: 503 });
const offline = queued('k-offline', 'Sofia', { attempts: 2 });
const fresh = queued('k-fresh', 'Noé');

function inLanguage(ui: ReactNode, lang: Lang = 'en') {
  return render(<LanguageProvider initial={lang}>{ui}</LanguageProvider>);
}

function panel(props: Partial<PendingEntriesPanelProps> = {}, lang: Lang = 'en') {
  const handlers = { onEdit: vi.fn(), onDiscard: vi.fn(), onSendNow: vi.fn(), onClose: vi.fn() };
  inLanguage(<PendingEntriesPanel id="p" entries={[refused, down, offline, fresh]} now={t0 + 12 * minute + 30_000} online discarding={new Set()} {...handlers} {...props} />, lang);
  return handlers;
}

const item = (label: string) => screen.getByText(label).closest('li')!;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  navigate.mockReset();
});

describe('the panel of entries on this device', () => {
  it('shows a refused entry as not accepted, with its reason in the visitor’s language', () => {
    panel();
    expect(within(item('Jeanne: Office 203')).getByText('Not accepted: Please select at least one office')).toBeTruthy();
    cleanup();
    panel({}, 'fr');
    expect(within(item('Jeanne: Office 203')).getByText('Refusée : Veuillez sélectionner au moins un espace')).toBeTruthy();
  });

  it('says a refusal by the problem code the server named, whatever its English text', () => {
    const coded = queued('k-coded', 'Anne', { attempts: 1, state: 'failed', error: 'An older wording of the e-mail problem', problem: 'emailInvalid', lastStatus: 400 });
    panel({ entries: [coded] }, 'fr');
    expect(within(item('Anne: Office 203')).getByText('Refusée : Veuillez entrer une adresse courriel valide')).toBeTruthy();
    cleanup();
    panel({ entries: [coded] });
    expect(within(item('Anne: Office 203')).getByText('Not accepted: Please enter a valid e-mail address')).toBeTruthy();
  });

  it('says how long a waiting entry has waited, how many tries, and what the last try got', () => {
    panel();
    const marc = within(item('Marc: Office 203'));
    expect(marc.getByText('Waiting for 12 minutes (3 tries)')).toBeTruthy();
    expect(marc.getByText('Last answer: server error 503. It will be tried again automatically.')).toBeTruthy();
    const sofia = within(item('Sofia: Office 203'));
    expect(sofia.getByText('Waiting for 12 minutes (2 tries)')).toBeTruthy();
    expect(sofia.getByText('Last try: no connection. It will be tried again automatically.')).toBeTruthy();
    const noe = within(item('Noé: Office 203'));
    expect(noe.getByText('Waiting for 12 minutes')).toBeTruthy();
    expect(noe.getByText('It will be sent automatically.')).toBeTruthy();
    expect(within(item('Jeanne: Office 203')).queryByText(/Waiting for/)).toBeNull();
  });

  it('en français (the matcher sees the no-break space as a space)', () => {
    panel({ entries: [down, offline, queued('k-busy', 'Léa', { attempts: 1, lastStatus: 429 })] }, 'fr');
    expect(within(item('Marc: Office 203')).getByText('En attente depuis 12 minutes (3 essais)')).toBeTruthy();
    expect(within(item('Marc: Office 203')).getByText('Dernière réponse : erreur du serveur 503. Un nouvel essai se fera automatiquement.')).toBeTruthy();
    expect(within(item('Sofia: Office 203')).getByText('Dernier essai : pas de connexion. Un nouvel essai se fera automatiquement.')).toBeTruthy();
    expect(within(item('Léa: Office 203')).getByText('En attente depuis 12 minutes (1 essai)')).toBeTruthy();
    expect(within(item('Léa: Office 203')).getByText('Dernière réponse : serveur occupé 429. Un nouvel essai se fera automatiquement.')).toBeTruthy();
  });

  it('gives every entry, refused or waiting, an Edit and a Discard that name it', async () => {
    const handlers = panel();
    for (const e of [refused, down, offline, fresh]) {
      const row = within(item(e.label));
      expect(row.getByRole('button', { name: `Edit the entry of ${e.label}` }).textContent).toBe('Edit');
      expect(row.getByRole('button', { name: `Discard the entry of ${e.label}` }).textContent).toBe('Discard');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Edit the entry of Jeanne: Office 203' }));
    expect(handlers.onEdit).toHaveBeenCalledWith(refused);
    await userEvent.click(screen.getByRole('button', { name: 'Discard the entry of Marc: Office 203' }));
    expect(handlers.onDiscard).toHaveBeenCalledWith(down);
    cleanup();
    panel({}, 'fr');
    expect(screen.getByRole('button', { name: 'Modifier l’inscription de Jeanne: Office 203' }).textContent).toBe('Modifier');
    expect(screen.getByRole('button', { name: 'Supprimer l’inscription de Jeanne: Office 203' }).textContent).toBe('Supprimer');
  });

  it('is a region named by its title; Escape closes it; a discard under way disables that Discard only', async () => {
    const handlers = panel({ discarding: new Set(['k-down']) });
    expect(screen.getByRole('region', { name: 'Waitlist entries on this device' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Discard the entry of Marc: Office 203' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Discard the entry of Sofia: Office 203' }) as HTMLButtonElement).disabled).toBe(false);
    screen.getByRole('button', { name: 'Edit the entry of Sofia: Office 203' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(handlers.onClose).toHaveBeenCalledOnce();
  });

  it('offers Send now only when something can be sent', () => {
    panel({ entries: [refused] });
    expect((screen.getByRole('button', { name: 'Send now' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    panel({ online: false });
    expect((screen.getByRole('button', { name: 'Send now' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    panel();
    expect((screen.getByRole('button', { name: 'Send now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('refusalText', () => {
  const { en, fr } = waitlistCatalogue;
  it.each<[string, { error?: string; problem?: string }, string, string]>([
    ['a code', { error: 'Whatever', problem: 'officeUnknown' }, 'One or more of the selected offices do not exist', 'Un ou plusieurs des espaces choisis n’existent pas'],
    ['a code this version does not know: the text', { error: 'Waitlist closed', problem: 'closed' }, 'Waitlist closed', 'Waitlist closed'],
    ['no code, one of our English texts', { error: 'Please select at least one office' }, 'Please select at least one office', 'Veuillez sélectionner au moins un espace'],
    ['no code, another text', { error: 'Waitlist closed' }, 'Waitlist closed', 'Waitlist closed'],
    ['nothing said', { error: '' }, 'Failed to submit waitlist entry', 'Impossible d’envoyer l’inscription à la liste d’attente'],
    ['the SPEC.md fallback', { error: 'Failed to submit waitlist entry' }, 'Failed to submit waitlist entry', 'Impossible d’envoyer l’inscription à la liste d’attente'],
  ])('%s', (_label, refusal, inEnglish, inFrench) => {
    expect(refusalText(refusal, en)).toBe(inEnglish);
    expect(refusalText(refusal, fr)).toBe(inFrench);
  });
});

describe('waitingDuration', () => {
  const m = waitlistCatalogue.en;
  it.each([
    [0, 'less than a minute'],
    [59_999, 'less than a minute'],
    [minute, '1 minute'],
    [12 * minute + 59_000, '12 minutes'],
    [59 * minute, '59 minutes'],
    [60 * minute, '1 hour'],
    [3 * 60 * minute + 5 * minute, '3 hours'],
    [24 * 60 * minute, '1 day'],
    [5 * 24 * 60 * minute, '5 days'],
    [-5 * minute, 'less than a minute'],
  ])('%i ms → %s', (ms, text) => {
    expect(waitingDuration(ms, 'en-CA', m)).toBe(text);
  });

  it('in French', () => {
    const fr = waitlistCatalogue.fr;
    expect(waitingDuration(30_000, 'fr-CA', fr)).toBe('moins d’une minute');
    // Intl keeps the number and its unit together with a no-break space, as French typography wants.
    expect(waitingDuration(minute, 'fr-CA', fr)).toBe('1\u00a0minute');
    expect(waitingDuration(12 * minute, 'fr-CA', fr)).toBe('12\u00a0minutes');
    expect(waitingDuration(2 * 60 * minute, 'fr-CA', fr)).toBe('2\u00a0heures');
    expect(waitingDuration(3 * 24 * 60 * minute, 'fr-CA', fr)).toBe('3\u00a0jours');
  });

  it('the next change is when the first waiting entry passes a whole minute; refused entries do not count', () => {
    const a = queued('a', 'A', { createdAt: t0 });
    const b = queued('b', 'B', { createdAt: t0 + 20_000 });
    expect(nextDurationChange([a, b], t0 + 50_000)).toBe(t0 + 60_000);
    expect(nextDurationChange([a, b], t0 + 65_000)).toBe(t0 + 80_000);
    expect(nextDurationChange([refused], t0)).toBeUndefined();
  });
});

describe('the header indicator', () => {
  beforeEach(() => {
    outbox.entries = [refused, fresh];
    outbox.listeners.clear();
    outbox.discarded = [];
    outbox.flushed = 0;
  });

  async function openPanel() {
    await userEvent.click(await screen.findByRole('button', { name: '2 waitlist entries to send' }));
    return screen.getByRole('region', { name: 'Waitlist entries on this device' });
  }

  it('says politely how many entries wait and how many were refused', async () => {
    inLanguage(<PendingEntries />);
    const status = await screen.findByText('2 waitlist entries to send, 1 not accepted');
    expect(status.getAttribute('role')).toBe('status');
    cleanup();
    inLanguage(<PendingEntries />, 'fr');
    expect(await screen.findByText('2 inscriptions à envoyer, dont 1 refusée')).toBeTruthy();
  });

  it('Edit opens /waitlist on that entry and closes the panel', async () => {
    inLanguage(<PendingEntries />);
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Edit the entry of Jeanne: Office 203' }));
    expect(navigate).toHaveBeenCalledWith({ to: '/waitlist', search: { edit: 'k-refused' } });
    expect(screen.queryByRole('region', { name: 'Waitlist entries on this device' })).toBeNull();
    expect(outbox.discarded).toEqual([]);
  });

  it('Discard removes that entry only, and keeps the focus in the panel', async () => {
    inLanguage(<PendingEntries />);
    const region = await openPanel();
    await userEvent.click(within(region).getByRole('button', { name: 'Discard the entry of Noé: Office 203' }));
    expect(outbox.discarded).toEqual(['k-fresh']);
    expect(await screen.findByRole('button', { name: '1 waitlist entry to send' })).toBeTruthy();
    expect(screen.queryByText('Noé: Office 203')).toBeNull();
    expect(screen.getByText('Jeanne: Office 203')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Waitlist entries on this device' }));
  });

  it('counts the minutes on while the panel is open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(t0 + 30_000);
    outbox.entries = [queued('k-waiting', 'Marc', { attempts: 1 })];
    inLanguage(<PendingEntries />);
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    act(() => screen.getByRole('button', { name: '1 waitlist entry to send' }).click());
    expect(screen.getByText('Waiting for less than a minute (1 try)')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByText('Waiting for 1 minute (1 try)')).toBeTruthy();
    for (let n = 2; n <= 12; n++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(minute);
      });
      expect(screen.getByText(`Waiting for ${n} minutes (1 try)`)).toBeTruthy();
    }
  });
});
