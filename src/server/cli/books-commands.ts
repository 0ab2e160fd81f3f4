import { writeFile } from 'node:fs/promises';
import { periodReport, receivablesResponse, type MoneyKind } from '../../shared/contract/books.ts';
import { formatCad as money } from '../../shared/domain/pricing.ts';
import type { Command } from './command.ts';
import { printTable } from './table.ts';

const usage = 'Usage: npm run admin -- books [--from YYYY-MM-DD --to YYYY-MM-DD] [--csv FILE] [--json]';

const moneyWords: Record<MoneyKind, string> = { card: 'By card', pad: 'By PAD', recorded: 'Recorded by staff', returned: 'PAD debits returned', refund: 'Refunded' };

/**
 * `npm run admin -- books [--from YYYY-MM-DD --to YYYY-MM-DD] [--csv FILE]` (managers, or the admin
 * token): prints the period report (the last whole month when no range is given) and, with --csv,
 * writes the accountant's export of the same range to FILE (a new file).
 */
export const books: Command = async ({ client, flags, json, print }) => {
  const from = typeof flags.from === 'string' ? flags.from : undefined;
  const to = typeof flags.to === 'string' ? flags.to : undefined;
  if (flags.from === true || flags.to === true || flags.csv === true) throw new Error(usage);
  const query = from !== undefined || to !== undefined ? `?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}` : '';
  const report = periodReport.parse(await client.call('GET', `/admin-api/books/report${query}`));
  const csv = typeof flags.csv === 'string' ? flags.csv : undefined;
  if (csv) {
    const range = `?${new URLSearchParams({ from: report.from, to: report.to })}`;
    await writeFile(csv, await client.download(`/admin-api/books/documents.csv${range}`), { flag: 'wx' });
  }
  if (json) return print(JSON.stringify(report, null, 2));
  print(`Books from ${report.from} to ${report.to} (days at the space, both included)`);
  print('');
  print('Sales, on the documents dated in the period (credit notes less):');
  const salesRow = (name: string, s: (typeof report.sales.total)) => ({
    product: name,
    documents: s.documents,
    'before tax': money(s.subtotal_cents),
    GST: money(s.gst_cents),
    QST: money(s.qst_cents),
    deposits: money(s.deposits_cents),
    total: money(s.total_cents),
  });
  printTable([...report.sales.products.map((p) => salesRow(p.product, p)), salesRow('Total', report.sales.total)], print);
  print('');
  print('Collected:');
  printTable(report.collected.kinds.map((k) => ({ money: moneyWords[k.kind], count: k.count, amount: money(k.cents) })), print);
  print(`Collected, net of returns: ${money(report.collected.net_cents)}. Refunded: ${money(report.collected.refunded_cents)}${report.collected.refunds_pending_cents > 0 ? ` (and ${money(report.collected.refunds_pending_cents)} waiting for the card network)` : ''}.`);
  print('');
  const d = report.deposits;
  print(`Deposits (never sales): invoiced ${money(d.invoiced_cents)}, returned ${money(d.returned_cents)}, kept ${money(d.kept_cents)}, held at the period's end ${money(d.held_at_end_cents)}.`);
  if (csv) print(`The accountant's export of every document is written to ${csv}.`);
};

const ageWords = { current: 'Current', days_1_30: '1–30 days', days_31_60: '31–60 days', days_61_90: '61–90 days', over_90: 'Over 90 days' } as const;

/** `npm run admin -- receivables`: who owes what today, aged, with the last reminder and the next try. */
export const receivables: Command = async ({ client, json, print }) => {
  const owed = receivablesResponse.parse(await client.call('GET', '/admin-api/books/receivables'));
  if (json) return print(JSON.stringify(owed, null, 2));
  print(`Owed on ${owed.on}:`);
  printTable(
    owed.receivables.map((r) => ({
      invoice: r.invoice,
      customer: r.customer,
      due: r.due_on,
      age: ageWords[r.age],
      owed: money(r.owed_cents),
      'last reminder': r.last_reminder ? `${r.last_reminder.at.slice(0, 10)} (${r.last_reminder.kind === 'pad_debit_returned' ? 'debit returned' : 'card failed'})` : '',
      'next try': r.next_try_on ?? 'staff to collect',
    })),
    print,
  );
  printTable(owed.totals.map((t) => ({ age: ageWords[t.age], invoices: t.invoices, owed: money(t.owed_cents) })), print);
  print(`Total owed: ${money(owed.owed_cents)}.`);
};
