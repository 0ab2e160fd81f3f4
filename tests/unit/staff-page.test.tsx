// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { sessionResponse, staffAccount, type StaffAccount, type StaffMemberView } from '../../src/shared/contract/staff.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

/*
 * The console's Staff page against a fake /admin-api: the accounts with their roles and states,
 * in English and French; what a manager may do and a member of staff may not; adding a member of
 * staff and handing over the one-time set-password link; a role changed, a new link, an account
 * disabled, each asked first; and the server's refusals in the console's words.
 */

/** The answers of GET /admin-api/staff and of an add or a reset, as the server writes them (src/server/routes/staff-accounts.ts). */
const accountsResponse = z.object({ success: z.literal(true), accounts: z.array(staffAccount) });
const accountChanged = z.object({ success: z.literal(true), account: staffAccount });
const accountLink = z.object({ success: z.literal(true), account: staffAccount, set_password_url: z.nullable(z.string()), set_password_hours: z.nullable(z.number()) });

const account = (id: string, fields: Partial<StaffAccount>): StaffAccount => ({
  id,
  email: `${id}@example.com`,
  name: null,
  role: 'staff',
  has_password: true,
  disabled: false,
  created_at: '2026-09-01T14:00:00Z',
  ...fields,
});

const lea = account('lea', { name: 'Léa', role: 'manager' });
const noor = account('noor', { name: 'Noor Haddad', role: 'manager', created_at: '2026-09-02T14:00:00Z' });
const sam = account('sam', { name: 'Sam Roy', created_at: '2026-10-05T13:00:00Z' });
const kim = account('kim', { name: 'Kim', has_password: false, created_at: '2026-11-18T15:00:00Z' });
const gone = account('gone', { disabled: true, created_at: '2026-09-10T14:00:00Z' });
const everyone = [lea, noor, gone, sam, kim];

const samSession: StaffMemberView = { id: 'sam', email: 'sam@example.com', name: 'Sam Roy', role: 'staff' };
const link = 'https://book.example.com/staff/set-password#tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

/**
 * The fake server of the page: the accounts (read anew each time), and what a POST answers. The
 * console's fake signs Léa (a manager, id 'lea' here) in; `as` signs in someone else.
 */
function staffServer(accounts: () => StaffAccount[], post: (request: ApiRequest) => Response = () => refusal(500, 'not in this test'), as?: StaffMemberView) {
  const requests = fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/staff') return answer(accountsResponse, { success: true, accounts: accounts() });
    if (request.method === 'POST' && request.path.startsWith('/admin-api/staff')) return post(request);
    return undefined;
  });
  const signedIn = as ?? { id: 'lea', email: 'lea@example.com', name: 'Léa', role: 'manager' };
  const consoleFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
    new URL(String(input), 'https://book.example.com').pathname === '/admin-api/session' ? Promise.resolve(answer(sessionResponse, { success: true, staff: signedIn })) : consoleFetch(input, init),
  );
  return requests;
}

const posts = (requests: ApiRequest[]) => requests.filter((r) => r.method === 'POST').map(({ path, body }) => ({ path, body }));
const reads = (requests: ApiRequest[]) => requests.filter((r) => r.method === 'GET' && r.path === '/admin-api/staff').length;

async function accountsTable(name = 'Staff accounts, oldest first') {
  return screen.findByRole('table', { name });
}
const rowOf = (table: HTMLElement, who: string) => within(table).getByRole('rowheader', { name: new RegExp(`^${who}`) }).closest('tr')!;
const cell = (row: HTMLElement, column: string) => row.querySelector<HTMLElement>(`td[data-label="${column}"]`)!.textContent;
const buttonsOf = (row: HTMLElement) => within(row).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe('the staff page', () => {
  it('lists every account with its role and state, in the nav for everyone; a manager may change roles, never their own', async () => {
    staffServer(() => everyone);
    renderConsole('/staff/staff');
    const table = await accountsTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console sections' }).querySelector('a[aria-current="page"]')?.textContent).toBe('Staff');
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Léa (you)', 'Noor Haddad', 'gone@example.com', 'Sam Roy', 'Kim']);
    expect(cell(rowOf(table, 'Léa'), 'Role')).toBe('Manager');
    expect(cell(rowOf(table, 'Sam Roy'), 'Role')).toBe('Staff');
    expect(cell(rowOf(table, 'Sam Roy'), 'E-mail')).toBe('sam@example.com');
    expect(cell(rowOf(table, 'Sam Roy'), 'State')).toBe('Active');
    expect(cell(rowOf(table, 'Kim'), 'State')).toBe('No password yet');
    expect(cell(rowOf(table, 'gone@example.com'), 'State')).toBe('Disabled');
    expect(cell(rowOf(table, 'Sam Roy'), 'Added')).toBe('Oct 5, 2026, 9:00 a.m.');

    // Their own account: a new link only; another manager's and a member of staff's: everything; a disabled one: nothing.
    expect(buttonsOf(rowOf(table, 'Léa'))).toEqual(['New set-password link for Léa']);
    expect(buttonsOf(rowOf(table, 'Noor Haddad'))).toEqual(['Make Noor Haddad a member of staff', 'New set-password link for Noor Haddad', 'Disable the account of Noor Haddad']);
    expect(buttonsOf(rowOf(table, 'Sam Roy'))).toEqual(['Make Sam Roy a manager', 'New set-password link for Sam Roy', 'Disable the account of Sam Roy']);
    expect(buttonsOf(rowOf(table, 'gone@example.com'))).toEqual([]);
    expect(screen.queryByText(/Only a manager gives roles/)).toBeNull();
  });

  it('in French', async () => {
    staffServer(() => everyone);
    renderConsole('/staff/staff', 'fr');
    const table = await accountsTable('Comptes du personnel, du plus ancien au plus récent');
    expect(screen.getByRole('heading', { level: 1, name: 'Personnel' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sections de la console' }).querySelector('a[aria-current="page"]')?.textContent).toBe('Personnel');
    expect(cell(rowOf(table, 'Léa'), 'Rôle')).toBe('Gestionnaire');
    expect(cell(rowOf(table, 'Sam Roy'), 'Rôle')).toBe('Personnel');
    expect(cell(rowOf(table, 'Kim'), 'État')).toBe('Sans mot de passe');
    expect(cell(rowOf(table, 'gone@example.com'), 'État')).toBe('Désactivé');
    expect(within(rowOf(table, 'Sam Roy')).getByRole('button', { name: 'Nommer Sam Roy gestionnaire' }).textContent).toBe('Nommer gestionnaire');
  });

  it('offers a member of staff no role, nothing on a manager’s account, no manager to add, and not to disable their own account', async () => {
    const requests = staffServer(() => everyone, undefined, samSession);
    const user = userEvent.setup();
    renderConsole('/staff/staff');
    const table = await accountsTable();
    expect(within(table).queryAllByRole('button', { name: /^Make / })).toEqual([]);
    expect(buttonsOf(rowOf(table, 'Léa'))).toEqual([]);
    expect(buttonsOf(rowOf(table, 'Noor Haddad'))).toEqual([]);
    expect(buttonsOf(rowOf(table, 'Sam Roy'))).toEqual(['New set-password link for Sam Roy']);
    expect(buttonsOf(rowOf(table, 'Kim'))).toEqual(['New set-password link for Kim', 'Disable the account of Kim']);
    expect(screen.getByText(/Only a manager gives roles/)).toBeTruthy();
    // The nav still leaves managers' sections out, and has the Staff page.
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).queryByRole('link', { name: 'PAD files' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Staff' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a member of staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a member of staff' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Staff']);
    expect(dialog.textContent).toContain('Only a manager can add a manager.');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add the account' }));
    await waitFor(() => expect(posts(requests)).toEqual([{ path: '/admin-api/staff', body: { email: 'ana@example.com', name: null, role: 'staff' } }]));
  });

  it('a manager adds a manager: the e-mail checked first, then the one-time link to copy, and the list read again', async () => {
    let accounts = everyone;
    const ana = account('ana', { email: 'ana@example.com', name: 'Ana Costa', role: 'manager', has_password: false, created_at: '2026-11-19T14:30:00Z' });
    const requests = staffServer(
      () => accounts,
      () => {
        accounts = [...everyone, ana];
        return answer(accountLink, { success: true, account: ana, set_password_url: link, set_password_hours: 48 }, 201);
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/staff');
    await accountsTable();
    const opener = screen.getByRole('button', { name: 'Add a member of staff' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add a member of staff' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Manager', 'Staff']);
    expect((role as HTMLSelectElement).value).toBe('staff');

    await user.click(within(dialog).getByRole('button', { name: 'Add the account' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('A valid e-mail address is required')).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.type(email, 'Ana@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Ana Costa ');
    await user.selectOptions(role, 'Manager');
    const before = reads(requests);
    await user.click(within(dialog).getByRole('button', { name: 'Add the account' }));
    const heading = await within(dialog).findByRole('heading', { name: 'The account of Ana Costa is added' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(posts(requests)).toEqual([{ path: '/admin-api/staff', body: { email: 'ana@example.com', name: 'Ana Costa', role: 'manager' } }]);
    expect((within(dialog).getByRole('textbox', { name: 'Set-password link' }) as HTMLInputElement).value).toBe(link);
    expect(dialog.textContent).toContain('with it they choose their password, once, within 48 hours.');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText('Link copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);

    await waitFor(() => expect(reads(requests)).toBeGreaterThan(before));
    const table = await accountsTable();
    await waitFor(() => expect(cell(rowOf(table, 'Ana Costa'), 'Role')).toBe('Manager'));
    // The dialog's own Close, under the link (the × in its header is the other).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says the server’s refusal of an e-mail already taken in the console’s words', async () => {
    staffServer(
      () => everyone,
      () => refusal(409, 'Conflict', 'staff_email_taken', { params: { email: 'sam@example.com' } }),
    );
    const user = userEvent.setup();
    renderConsole('/staff/staff', 'fr');
    await accountsTable('Comptes du personnel, du plus ancien au plus récent');
    await user.click(screen.getByRole('button', { name: 'Ajouter un membre du personnel' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un membre du personnel' });
    await user.type(within(dialog).getByRole('textbox', { name: /Courriel/ }), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le compte' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('sam@example.com a déjà un compte');
    await waitFor(() => expect(document.activeElement).toBe(dialog.querySelector('.error-summary')));
    expect(within(dialog).queryByRole('textbox', { name: /lien/i })).toBeNull();
  });

  it('changes a role once asked, and says a refusal inside the question', async () => {
    let accounts = everyone;
    let answers = 0;
    const requests = staffServer(
      () => accounts,
      () => {
        answers++;
        if (answers === 1) return refusal(403, 'Forbidden', 'managers_only');
        const promoted = { ...sam, role: 'manager' as const };
        accounts = everyone.map((a) => (a.id === 'sam' ? promoted : a));
        return answer(accountChanged, { success: true, account: promoted });
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/staff');
    const table = await accountsTable();
    await user.click(within(rowOf(table, 'Sam Roy')).getByRole('button', { name: 'Make Sam Roy a manager' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Sam Roy a manager?' });
    expect(posts(requests)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make manager' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only a manager can do this. Ask a manager of the space.');
    await user.click(within(dialog).getByRole('button', { name: 'Make manager' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Sam Roy is now a manager.');
    expect(cell(rowOf(table, 'Sam Roy'), 'Role')).toBe('Manager');
    expect(posts(requests)).toEqual([
      { path: '/admin-api/staff/sam/role', body: { role: 'manager' } },
      { path: '/admin-api/staff/sam/role', body: { role: 'manager' } },
    ]);
  });

  it('makes a new set-password link once asked, and shows it to copy', async () => {
    const requests = staffServer(
      () => everyone,
      () => answer(accountLink, { success: true, account: kim, set_password_url: link, set_password_hours: 48 }),
    );
    const user = userEvent.setup();
    renderConsole('/staff/staff');
    const table = await accountsTable();
    await user.click(within(rowOf(table, 'Kim')).getByRole('button', { name: 'New set-password link for Kim' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a new set-password link for Kim?' });
    expect(dialog.textContent).toContain('Any earlier link stops working.');
    await user.click(within(dialog).getByRole('button', { name: 'Make the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('A new set-password link for Kim is below.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Set-password link for Kim' }) as HTMLInputElement).value).toBe(link);
    expect(document.body.textContent).toContain('within 48 hours.');
    expect(posts(requests)).toEqual([{ path: '/admin-api/staff/kim/reset', body: {} }]);
  });

  it('disables an account once asked', async () => {
    let accounts = everyone;
    const requests = staffServer(
      () => accounts,
      () => {
        const disabled = { ...sam, disabled: true };
        accounts = everyone.map((a) => (a.id === 'sam' ? disabled : a));
        return answer(accountChanged, { success: true, account: disabled });
      },
    );
    const user = userEvent.setup();
    renderConsole('/staff/staff', 'fr');
    const table = await accountsTable('Comptes du personnel, du plus ancien au plus récent');
    await user.click(within(rowOf(table, 'Sam Roy')).getByRole('button', { name: 'Désactiver le compte de Sam Roy' }));
    const dialog = screen.getByRole('dialog', { name: 'Désactiver le compte de Sam Roy?' });
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver le compte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Le compte de Sam Roy est désactivé.');
    expect(cell(rowOf(table, 'Sam Roy'), 'État')).toBe('Désactivé');
    expect(buttonsOf(rowOf(table, 'Sam Roy'))).toEqual([]);
    expect(posts(requests)).toEqual([{ path: '/admin-api/staff/sam/disable', body: {} }]);
  });

  it('says a list that could not be read, with Try again, and an empty one', { timeout: 15_000 }, async () => {
    let fail = true;
    fakeAdminApi((request) => {
      if (request.path !== '/admin-api/staff') return undefined;
      return fail ? refusal(500, 'Internal error') : answer(accountsResponse, { success: true, accounts: [] });
    });
    const user = userEvent.setup();
    renderConsole('/staff/staff');
    // A server error is tried twice more (1 s, then 2 s later) before it is said.
    expect(await screen.findByText('This could not be loaded.', undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Internal error')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No staff account yet.')).toBeTruthy();
  });
});
