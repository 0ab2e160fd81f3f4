import { writeFile } from 'node:fs/promises';
import { padFileMade } from '../../shared/contract/pad-files.ts';
import { dollarsFromCents } from '../../shared/domain/pricing.ts';
import type { Command } from './command.ts';

const usage = 'Usage: npm run admin -- pad file --date YYYY-MM-DD --out FILE';

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
      ? `PAD file no. ${number} for ${date}: ${debits} debit${debits === 1 ? '' : 's'}, $${dollarsFromCents(total).toFixed(2)}, written to ${out}.`
      : `Nothing new was due: the file already made for ${date} (no. ${number}, ${debits} debits) is written to ${out}.`,
  );
  for (const left of made.left_out) print(`Left out: invoice ${left.invoice} (${left.reason === 'account_number_unusable' ? 'its account number cannot go in a PAD file' : 'its banking numbers cannot be read'}).`);
};

export const padCommands: Record<string, Command> = { file };
