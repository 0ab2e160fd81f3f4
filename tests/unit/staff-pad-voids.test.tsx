// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { padFilesResponse, padFileVoided, type PadFileSummaryView } from '../../src/shared/contract/pad-files.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

/*
 * Billing → PAD files: a manager voids a file the bank rejected whole, or never sent, from the
 * list, against a fake /admin-api. The dialog says what voiding does, asks the reason (required,
 * said beside the field before anything is sent), and sends it; a voided file shows as such, with
 * who, when and why, and is neither downloaded nor voided again. A refusal (a debit already
 * treated as paid) is said inside the dialog, in the console's words; English and French.
 */

const file = (fields: Partial<PadFileSummaryView>): PadFileSummaryView => ({
  id: '0b7c4a52-3f0e-4c8e-9a51-6f2d1c0e9a01',
  number: 3,
  payment_date: '2026-12-03',
  debits: 2,
  total_cents: 806_880,
  created_by: 'Léa',
  created_at: '2026-11-23T15:00:00.000Z',
  voided: null,
  ...fields,
});

const open = file({});
const voided = file({ id: '5d1e2f30-8a4b-4c6d-9e7f-0a1b2c3d4e5f', number: 2, payment_date: '2026-12-01', debits: 1, total_cents: 403_440, voided: { at: '2026-11-24T15:00:00.000Z', by: 'admin token', reason: 'Rejected by the bank: wrong originator id' } });

/** The list as the server keeps it: `open` voided once the POST came. */
function padFilesServer(post: (request: ApiRequest) => Response) {
  let done = false;
  return fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/pad-files') {
      return answer(padFilesResponse, { success: true, files: [done ? { ...open, voided: { at: '2026-11-19T14:30:00.000Z', by: 'Léa', reason: 'Never sent' } } : open, voided] });
    }
    if (request.method === 'POST' && request.path === `/admin-api/pad-files/void/${open.id}`) {
      const response = post(request);
      done = response.ok;
      return response;
    }
    return undefined;
  });
}

const rowOf = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr')!;
/** French as the console sets it (a no-break space before a colon, within a date) read with plain spaces. */
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe('voiding a PAD file', () => {
  it('asks why, sends the reason, says where the debits go, and shows the file voided', async () => {
    const requests = padFilesServer(() => answer(padFileVoided, { success: true, file: { ...open, voided: { at: '2026-11-19T14:30:00.000Z', by: 'Léa', reason: 'Never sent' } }, invoices: ['F-2026-000012', 'F-2026-000013'] }));
    renderConsole('/staff/pad-files');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'PAD files made, newest first' });

    // The voided file: said so, with who, when and why; no download, no void.
    const gone = rowOf('0002');
    expect(within(gone).getByText('Voided')).toBeTruthy();
    expect(within(gone).getByText(/by admin token \(script\): Rejected by the bank: wrong originator id$/)).toBeTruthy();
    expect(within(gone).queryByRole('button')).toBeNull();
    expect(within(gone).queryByRole('link')).toBeNull();

    await user.click(within(rowOf('0003')).getByRole('button', { name: 'Void PAD file no. 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Void PAD file no. 3' });
    expect(within(dialog).getByText(/^Void a file only if the bank rejected it whole or it was never sent\. Its 2 debits \(\$8,068\.80\) close without being made/)).toBeTruthy();

    // No reason: said beside the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Void the file' }));
    const reason = within(dialog).getByLabelText(/^Why is it voided\?/);
    expect(within(dialog).getByText('Say why the file is voided.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(reason, 'Never sent');
    await user.click(within(dialog).getByRole('button', { name: 'Void the file' }));
    expect(await screen.findByText('File no. 3 voided: the debits of F-2026-000012, F-2026-000013 go in the next file.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([[`/admin-api/pad-files/void/${open.id}`, { reason: 'Never sent' }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list read again: the file now shows voided.
    await waitFor(() => expect(within(rowOf('0003')).getByText('Voided')).toBeTruthy());
    expect(within(rowOf('0003')).queryByRole('button', { name: 'Void PAD file no. 3' })).toBeNull();
  });

  it('says in French why the server refuses, inside the dialog, and leaves the file as it was', async () => {
    padFilesServer(() =>
      refusal(409, 'PAD file no. 3 cannot be voided: …', 'pad_file_settled', { params: { number: 3, invoices: ['F-2026-000012'] } }),
    );
    renderConsole('/staff/pad-files', 'fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invalider le fichier DPA no 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Invalider le fichier DPA no 3' });
    await user.type(within(dialog).getByLabelText(/^Pourquoi est-il invalidé/), 'Rejeté par la banque');
    await user.click(within(dialog).getByRole('button', { name: 'Invalider le fichier' }));
    expect(
      await within(dialog).findByText(
        (_, element) =>
          element?.childElementCount === 0 &&
          plain(element.textContent) ===
            'Le fichier DPA no 3 ne peut pas être invalidé : les prélèvements de F-2026-000012 sont déjà considérés comme payés ou retournés. Enregistrez plutôt un retour sur chaque facture que la banque a renvoyée.',
      ),
    ).toBeTruthy();
    expect(within(rowOf('0003')).getByRole('button', { name: 'Invalider le fichier DPA no 3' })).toBeTruthy();
    expect(within(rowOf('0002')).getByText('Invalidé')).toBeTruthy();
  });
});
