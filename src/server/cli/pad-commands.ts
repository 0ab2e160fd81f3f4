import { readFile, writeFile } from 'node:fs/promises';
import { padFileMade, padFilesResponse, padFileVoided, padReturnFileUploaded, type PadReturnItemView } from '../../shared/contract/pad-files.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import type { Command } from './command.ts';
import { printList, printTable, utcMinute } from './table.ts';

const usage = 'Usage: npm run admin -- pad file --date YYYY-MM-DD --out FILE';
const returnsUsage = 'Usage: npm run admin -- pad returns --file FILE';
const voidUsage = 'Usage: npm run admin -- pad void FILE_ID --reason TEXT';

/**
 * `npm run admin -- pad file --date YYYY-MM-DD --out FILE` (managers, or the admin token): makes
 * the CPA-005 file of the PAD debits due by that payment date and writes it, byte for byte as the
 * server keeps it, to FILE for the bank. Invoices it could not carry are named, with why.
 */
const file: Command = async ({ client, flags, json, print }) => {
  const date = typeof flags.date === 'string' ? flags.date : undefined;
  const out = typeof flags.out === 'string' ? flags.out : undefined;
  if (!date || !out) throw new Error(usage);
  const made = padFileMade.parse(await client.call('POST', '/admin-api/pad-files', { payment_date: date }));
  const bytes = await client.download(`/admin-api/pad-files/${made.file.id}/download`);
  await writeFile(out, bytes, { flag: 'wx' });
  if (json) return print(JSON.stringify(made, null, 2));
  const { number, debits, total_cents: total } = made.file;
  print(
    made.outcome === 'made'
      ? `PAD file no. ${number} for ${date}: ${debits} debit${debits === 1 ? '' : 's'}, ${formatCad(total)}, written to ${out}.`
      : `Nothing new was due: the file already made for ${date} (no. ${number}, ${debits} debits) is written to ${out}.`,
  );
  for (const left of made.left_out) print(`Left out: invoice ${left.invoice} (${left.reason === 'account_number_unusable' ? 'its account number cannot go in a PAD file' : 'its banking numbers cannot be read'}).`);
};

/** What became of an item, in a word or two: the outcome of a recorded return, or why not. */
function happened(item: PadReturnItemView): string {
  switch (item.result) {
    case 'recorded':
      return item.outcome === 'redebit' ? `recorded: debited again on ${item.redebit_on ?? ''}, fee ${item.fee_invoice_number ?? ''}` : `recorded: ${item.outcome === 'no_redebit' ? 'not debited again' : item.outcome === 'stopped' ? 'debits stopped' : 'claimed back, agreement stands'}`;
    case 'already':
      return 'recorded already: nothing changed';
    case 'refused':
      return item.reason === 'returned_with_another_code'
        ? `refused: returned already with code ${item.recorded_code ?? ''}`
        : `refused: ${item.reason === 'not_pad' ? 'not a PAD tenancy' : item.reason === 'not_latest_debit' ? 'an earlier debit than its latest' : 'no debit of that date and amount'}`;
    case 'not_found':
      return 'no such invoice';
    case 'unknown_code':
      return 'unknown return code: not recorded';
    case 'not_ours':
      return 'a returned credit: not ours';
  }
}

/**
 * `npm run admin -- pad returns --file FILE` (managers, or the admin token): uploads the bank's
 * CPA-005 return file as it came, and prints what became of each returned debit. Uploading the
 * same file again changes nothing.
 */
const returns: Command = async ({ client, flags, json, print }) => {
  const path = typeof flags.file === 'string' ? flags.file : undefined;
  if (!path) throw new Error(returnsUsage);
  if (!client.upload) throw new Error('This client cannot upload a file.');
  const answer = padReturnFileUploaded.parse(await client.upload('/admin-api/pad-files/returns', new Uint8Array(await readFile(path))));
  if (json) return print(JSON.stringify(answer, null, 2));
  const { counts } = answer;
  print(`Return file no. ${answer.file.number} of ${answer.file.created_on}: ${answer.items.length} item${answer.items.length === 1 ? '' : 's'}.`);
  printTable(
    answer.items.map((item) => ({
      invoice: item.invoice,
      tenant: item.tenant,
      amount: formatCad(item.amount_cents),
      date: item.payment_date,
      account: item.account,
      code: item.code,
      result: happened(item),
    })),
    print,
  );
  print(`Recorded ${counts.recorded}, already ${counts.already}, refused ${counts.refused}, not found ${counts.not_found}, unknown code ${counts.unknown_code}, not ours ${counts.not_ours}.`);
};

/** `npm run admin -- pad list`: the files made, newest first, with the id `pad void` takes. */
const list: Command = async ({ client, json, print }) => {
  const { files } = padFilesResponse.parse(await client.call('GET', '/admin-api/pad-files'));
  printList(files, { json, print }, (f) => ({
    id: f.id,
    no: String(f.number).padStart(4, '0'),
    date: f.payment_date,
    debits: f.debits,
    total: formatCad(f.total_cents),
    made: `${utcMinute(f.created_at)} ${f.created_by}`,
    state: f.voided ? `voided ${utcMinute(f.voided.at)} by ${f.voided.by}: ${f.voided.reason}` : 'made',
  }));
};

/**
 * `npm run admin -- pad void FILE_ID --reason TEXT` (managers, or the admin token): voids a file
 * the bank rejected whole or that was never sent, before any of its debits is treated as paid or
 * returned: its invoices owe again and the next file carries them. The reason goes in the audit trail.
 */
const voidFile: Command = async ({ client, args, flags, json, print }) => {
  const id = args[0];
  const reason = typeof flags.reason === 'string' ? flags.reason : undefined;
  if (!id || !reason) throw new Error(voidUsage);
  const answer = padFileVoided.parse(await client.call('POST', `/admin-api/pad-files/void/${encodeURIComponent(id)}`, { reason }));
  if (json) return print(JSON.stringify(answer, null, 2));
  print(`PAD file no. ${answer.file.number} for ${answer.file.payment_date} voided: the debits of ${answer.invoices.join(', ')} go in the next file.`);
};

export const padCommands: Record<string, Command> = { file, list, returns, void: voidFile };
