// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { padFilesResponse, padReturnFileUploaded, type PadReturnItemView } from '../../src/shared/contract/pad-files.ts';
import { answer, fakeAdminApi, refusal, renderConsole, setUpConsole, tearDownConsole, type ApiRequest } from './staff-waitlist-console.tsx';

/*
 * Billing → PAD files: the bank's return file uploaded from the console against a fake
 * /admin-api. The file goes as it was chosen (text/plain); the answer's items are shown with
 * their invoice, tenant, amount, return code named in the console's language and what became of
 * them; a file the server cannot read is said in the console's words; English and French.
 */

const item = (fields: Partial<PadReturnItemView>): PadReturnItemView => ({
  record: 2,
  segment: 1,
  invoice: 'F-2026-000012',
  tenant: 'Boulangerie Numérique',
  amount_cents: 403_440,
  payment_date: '2026-12-03',
  account: '****1946',
  code: '901',
  result: 'recorded',
  outcome: 'redebit',
  reason: null,
  recorded_code: null,
  redebit_on: '2026-12-17',
  fee_invoice_number: 'F-2026-000020',
  ...fields,
});

const items = [
  item({}),
  item({ segment: 2, invoice: 'F-2026-000013', tenant: 'Imprimerie Fermée', amount_cents: 250_000, code: '905', outcome: 'stopped', redebit_on: null, fee_invoice_number: null }),
  item({ segment: 3, invoice: 'F-2026-000014', tenant: 'Atelier Déjà', code: '901', result: 'already', outcome: null, redebit_on: null, fee_invoice_number: null }),
  item({ record: 3, segment: 1, invoice: 'F-1999-999999', tenant: 'PAYEUR INCONNU', code: '901', result: 'not_found', outcome: null, redebit_on: null, fee_invoice_number: null }),
  item({ record: 3, segment: 2, invoice: 'F-2026-000015', tenant: 'Studio Code', code: '904', result: 'unknown_code', outcome: null, redebit_on: null, fee_invoice_number: null }),
  item({ record: 3, segment: 3, invoice: 'F-2026-000016', tenant: 'Café Autre', code: '901', result: 'refused', reason: 'returned_with_another_code', recorded_code: '905', outcome: null, redebit_on: null, fee_invoice_number: null }),
];

const uploaded = { success: true as const, file: { number: 42, created_on: '2026-12-11' }, items, counts: { recorded: 2, already: 1, refused: 1, not_found: 1, unknown_code: 1, not_ours: 0 } };

function padFilesServer(post: (request: ApiRequest) => Response | Promise<Response>) {
  let pending: Response | Promise<Response> | undefined;
  const requests = fakeAdminApi((request) => {
    if (request.method === 'GET' && request.path === '/admin-api/pad-files') return answer(padFilesResponse, { success: true, files: [] });
    if (request.method === 'POST' && request.path === '/admin-api/pad-files/returns') {
      pending = post(request);
      return pending instanceof Response ? pending : undefined;
    }
    return undefined;
  });
  // A deferred answer: the stub answers what `post` resolves to.
  const stub = vi.mocked(globalThis.fetch);
  const answered = stub.getMockImplementation()!;
  stub.mockImplementation(async (input, init) => {
    const response = await answered(input as string, init);
    return pending instanceof Promise && new URL(String(input), 'https://book.example.com').pathname === '/admin-api/pad-files/returns' ? pending : response;
  });
  return requests;
}

/** The body of the upload as fetch was given it. */
const sentBody = () => vi.mocked(globalThis.fetch).mock.calls.find(([input]) => String(input).endsWith('/admin-api/pad-files/returns'))?.[1]?.body;

const returnFile = () => new File(['A000000001CWK00123450042026345'.padEnd(1464, ' ')], 'returns.txt', { type: 'text/plain' });
const rowOf = (table: HTMLElement, invoice: string) => within(table).getByRole('rowheader', { name: invoice }).closest('tr')!;
const cell = (row: HTMLElement, column: string) => row.querySelector<HTMLElement>(`td[data-label="${column}"]`)!.textContent;
/** French as the console sets it (a no-break space before a colon, within a date) read with plain spaces. */
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(setUpConsole);
afterEach(() => {
  cleanup();
  tearDownConsole();
});

describe('the bank’s return file on the PAD files page', () => {
  it('uploads the chosen file as it is and shows what became of each item', async () => {
    const requests = padFilesServer(() => answer(padReturnFileUploaded, uploaded));
    renderConsole('/staff/pad-files');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Upload the bank’s return file' })).toBeTruthy();
    const chosen = returnFile();
    await user.upload(screen.getByLabelText(/^The bank’s return file/), chosen);
    await user.click(screen.getByRole('button', { name: 'Upload the file' }));

    const table = await screen.findByRole('table', { name: 'What became of each item of the return file' });
    const post = requests.find((r) => r.method === 'POST')!;
    expect([post.path, post.contentType]).toEqual(['/admin-api/pad-files/returns', 'text/plain']);
    expect(sentBody()).toBe(chosen);
    expect(screen.getByText('Return file no. 42 read: 6 items. 2 recorded, 1 recorded already, 3 not recorded.')).toBeTruthy();

    const first = rowOf(table, 'F-2026-000012');
    expect(cell(first, 'Tenant')).toBe('Boulangerie Numérique ****1946');
    expect(cell(first, 'Amount')).toBe('$4,034.40');
    expect(cell(first, 'Return code')).toBe('901 – NSF');
    expect(cell(first, 'What happened')).toBe('Recorded: debited again on December 17, 2026, with the handling fee (invoice F-2026-000020).');
    expect(cell(rowOf(table, 'F-2026-000013'), 'What happened')).toBe('Recorded: every debit of the agreement stops.');
    expect(cell(rowOf(table, 'F-2026-000013'), 'Return code')).toBe('905 – Account Closed');
    expect(cell(rowOf(table, 'F-2026-000014'), 'What happened')).toBe('Recorded already: nothing changed.');
    expect(cell(rowOf(table, 'F-1999-999999'), 'What happened')).toBe('Not recorded: no invoice has this number.');
    expect(cell(rowOf(table, 'F-2026-000015'), 'Return code')).toBe('904');
    expect(cell(rowOf(table, 'F-2026-000015'), 'What happened')).toMatch(/^Not recorded: not a return code the console acts on/);
    expect(cell(rowOf(table, 'F-2026-000016'), 'What happened')).toBe('Not recorded: the debit is already recorded as returned, with code 905.');
  });

  it('asks for a file before sending anything, and says it is uploading while it waits', async () => {
    let answerNow: (response: Response) => void = () => {};
    const requests = padFilesServer(() => new Promise<Response>((resolve) => (answerNow = resolve)));
    renderConsole('/staff/pad-files');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload the file' }));
    expect(screen.getByText('Choose the bank’s return file.')).toBeTruthy();
    expect(screen.getByLabelText(/^The bank’s return file/).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.upload(screen.getByLabelText(/^The bank’s return file/), returnFile());
    await user.click(screen.getByRole('button', { name: 'Upload the file' }));
    const busy = await screen.findByRole('button', { name: 'Uploading…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answerNow(answer(padReturnFileUploaded, { ...uploaded, items: [], counts: { recorded: 0, already: 0, refused: 0, not_found: 0, unknown_code: 0, not_ours: 0 } }));
    expect(await screen.findByText('The file carries no returned debit.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload the file' })).toBeTruthy();
  });

  it('says why a file cannot be read, naming the record, in French too', async () => {
    padFilesServer(() => refusal(400, 'This is not a return file the server can read: record 2 is…', 'pad_return_file_invalid', { params: { record: 2, fault: 'outgoing', found: 'D' } }));
    renderConsole('/staff/pad-files', 'fr');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(/^Le fichier de retours de la banque/), returnFile());
    await user.click(screen.getByRole('button', { name: 'Téléverser le fichier' }));
    expect(
      await screen.findByText('Ce fichier de retours ne peut pas être lu : l’enregistrement 2 est un paiement envoyé à la banque (type D) : choisissez le fichier de retours de la banque, pas un fichier DPA.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Ce qu’il est advenu/ })).toBeNull();
  });

  it('shows the items in French, the codes named in French', async () => {
    padFilesServer(() => answer(padReturnFileUploaded, uploaded));
    renderConsole('/staff/pad-files', 'fr');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(/^Le fichier de retours de la banque/), returnFile());
    await user.click(screen.getByRole('button', { name: 'Téléverser le fichier' }));
    const table = await screen.findByRole('table', { name: 'Ce qu’il est advenu de chaque élément du fichier de retours' });
    const first = rowOf(table, 'F-2026-000012');
    expect(cell(first, 'Code de retour')).toBe('901 – Provision insuffisante');
    expect(plain(cell(first, 'Résultat'))).toBe('Enregistré : prélevé de nouveau le 17 décembre 2026, avec les frais de traitement (facture F-2026-000020).');
    expect(plain(cell(rowOf(table, 'F-2026-000014'), 'Résultat'))).toBe('Déjà enregistré : rien n’a changé.');
    expect(screen.getByText((_, element) => element?.childElementCount === 0 && plain(element.textContent) === 'Fichier de retours no 42 lu : 6 éléments. 2 enregistrés, 1 déjà enregistré, 3 non enregistrés.')).toBeTruthy();
  });
});
