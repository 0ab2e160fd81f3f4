import { randomUUID } from 'node:crypto';
import { endRentalResponse, recordPaymentResponse, retryInvoiceResponse, staffRentalDetail, staffRentalsResponse, type StaffRental } from '../../shared/contract/staff-rentals.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import type { Command, CommandContext } from './command.ts';
import { limitFlag, readAllPages } from './pages.ts';
import { printList, printTable, utcMinute } from './table.ts';

const rentalPath = (id: string) => `/admin-api/rentals/${encodeURIComponent(id)}`;
const invoicePath = (id: string, number: string) => `${rentalPath(id)}/invoices/${encodeURIComponent(number)}`;

/** Each change is one decision: a fresh key, so the server recognises this very request if it arrives twice. */
const once = () => ({ 'idempotency-key': randomUUID() });

function overdueText(r: Pick<StaffRental, 'overdue'>): string {
  if (!r.overdue) return '';
  return `${r.overdue.invoice_number}, ${r.overdue.days} days${r.overdue.failure_reason ? `: ${r.overdue.failure_reason}` : ''}`;
}

/** `rentals list [--state overdue|active|ending|ended] [--limit N] [--json]`: every rental (or the N newest), newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const path = typeof flags.state === 'string' ? `/admin-api/rentals?state=${encodeURIComponent(flags.state)}` : '/admin-api/rentals';
  const rentals = await readAllPages(
    client,
    path,
    (answer) => {
      const { data } = staffRentalsResponse.parse(answer);
      return { rows: data.rentals, next_cursor: data.next_cursor };
    },
    limitFlag(flags),
  );
  printList(rentals, { json, print }, (r) => ({
    start: r.start_date,
    ends: r.ends_on ?? '',
    state: r.state,
    unit: r.office_id,
    customer: r.customer_name,
    email: r.customer_email,
    monthly: formatCad(r.monthly_cents),
    owed: r.owed_cents > 0 ? formatCad(r.owed_cents) : '',
    overdue: overdueText(r),
    rental: r.id,
  }));
};

function usage(text: string): never {
  throw new Error(`Usage: npm run admin -- ${text}`);
}

/** `rentals show ID [--json]`: the rental, its next invoice, and every invoice with its payment rows. */
const show: Command = async ({ client, args, json, print }) => {
  const id = args[0] ?? usage('rentals show ID');
  const answer = staffRentalDetail.parse(await client.call('GET', rentalPath(id)));
  if (json) {
    print(JSON.stringify(answer, null, 2));
    return;
  }
  const { rental, invoices } = answer;
  const facts: [string, string][] = [
    ['rental', rental.id],
    ['state', rental.state],
    ['customer', `${rental.customer_name} <${rental.customer_email}> (${rental.language})`],
    ['unit', `${rental.unit_name} (${rental.office_id}), ${rental.product}`],
    ['monthly', `${formatCad(rental.monthly_cents)} before tax`],
    ['dates', `from ${rental.start_date}${rental.ends_on ? ` to ${rental.ends_on}` : ', month to month'}`],
    ['owed', formatCad(rental.owed_cents)],
    ['overdue', overdueText(rental) || 'no'],
    ['next invoice', rental.next_invoice ? `${rental.next_invoice.on}: ${formatCad(rental.next_invoice.cents)}` : 'none'],
    ['card on file', rental.card_on_file ? 'yes' : 'no'],
    ['order', rental.order_id ?? ''],
  ];
  for (const [name, value] of facts) print(`${`${name}:`.padEnd(14)}${value}`);
  print('');
  printTable(
    invoices.map((i) => ({
      invoice: i.number,
      period: `${i.period_start} to ${i.period_end}`,
      total: formatCad(i.total_cents),
      paid: formatCad(i.paid_cents),
      owed: i.owed_cents > 0 ? formatCad(i.owed_cents) : '',
      state: i.state,
    })),
    print,
  );
  const payments = [...invoices].reverse().flatMap((i) => i.payments.map((p) => ({ invoice: i.number, ...p })));
  if (payments.length === 0) return;
  print('');
  printTable(
    payments.map((p) => ({
      when: utcMinute(p.settled_at ?? p.created_at),
      invoice: p.invoice,
      method: p.method,
      trigger: p.trigger,
      status: p.status,
      amount: formatCad(p.amount_cents),
      detail: p.status === 'failed' ? (p.failure_reason ?? '') : (p.reference ?? ''),
      by: p.recorded_by ?? '',
    })),
    print,
  );
};

/** `rentals retry ID INVOICE_NUMBER`: Retry now, one card try outside the schedule. */
const retry: Command = async ({ client, args, json, print }) => {
  const [id, number] = args;
  if (!id || !number) usage('rentals retry ID INVOICE_NUMBER');
  const answer = retryInvoiceResponse.parse(await client.call('POST', `${invoicePath(id, number)}/retry`, {}, once()));
  if (json) {
    print(JSON.stringify(answer, null, 2));
    return;
  }
  const failed = answer.invoice.payments.findLast((p) => p.trigger === 'retry_now');
  print(
    answer.outcome === 'succeeded'
      ? `The card was charged: invoice ${number} is paid. The customer is e-mailed.`
      : answer.outcome === 'failed'
        ? `The card was refused again (${failed?.failure_reason ?? 'no reason given'}). The customer is e-mailed; invoice ${number} still owes ${formatCad(answer.invoice.owed_cents)}.`
        : 'The payment provider has not answered yet: the try stays open and is asked again within minutes.',
  );
};

/** --amount: whole cents, as typed; anything else goes as it is, for the server to refuse by name. */
function amountFlag(flags: CommandContext['flags']): unknown {
  const amount = flags.amount;
  if (typeof amount !== 'string') return undefined;
  return /^\d{1,9}$/.test(amount) ? Number(amount) : amount;
}

/** `rentals record ID INVOICE_NUMBER --method cheque|etransfer --reference REF [--amount CENTS]`: a payment received; all that is owed unless --amount. */
const record: Command = async ({ client, args, flags, json, print }) => {
  const [id, number] = args;
  const usageText = 'rentals record ID INVOICE_NUMBER --method cheque|etransfer --reference REF [--amount CENTS]';
  if (!id || !number || typeof flags.method !== 'string' || typeof flags.reference !== 'string') usage(usageText);
  const body = { method: flags.method, reference: flags.reference, amount_cents: amountFlag(flags) };
  const answer = recordPaymentResponse.parse(await client.call('POST', `${invoicePath(id, number)}/payments`, body, once()));
  if (json) {
    print(JSON.stringify(answer, null, 2));
    return;
  }
  const { payment, invoice } = answer;
  print(`Recorded ${formatCad(payment.amount_cents)} (${payment.method} ${payment.reference ?? ''}) on invoice ${invoice.number}: payment ${payment.id}.`);
  print(invoice.state === 'paid' ? 'The invoice is paid; the customer is e-mailed.' : `The invoice still owes ${formatCad(invoice.owed_cents)}.`);
};

/**
 * `rentals end ID`: ends a card rental under the notice policy, as the customer's own notice does.
 * `rentals end ID --on DATE [--reason TEXT]`: ends a tenancy under its contract on that day.
 * `rentals end ID --now --reason TEXT`: ends it today, its billing settled to the day.
 */
const end: Command = async ({ client, args, flags, json, print }) => {
  const usageText = 'rentals end ID [--on YYYY-MM-DD] [--now --reason TEXT]';
  const id = args[0] ?? usage(usageText);
  const now = flags.now === true;
  const on = typeof flags.on === 'string' ? flags.on : undefined;
  const reason = typeof flags.reason === 'string' ? flags.reason : undefined;
  if ((now && reason === undefined) || (now && on !== undefined) || (flags.on !== undefined && on === undefined)) usage(usageText);
  const body = now ? { mode: 'now', reason } : { mode: 'notice', ...(on ? { ends_on: on } : {}), ...(reason ? { reason } : {}) };
  const answer = endRentalResponse.parse(await client.call('POST', `${rentalPath(id)}/end`, body, once()));
  if (json) {
    print(JSON.stringify(answer, null, 2));
    return;
  }
  if (!answer.settled) {
    print(`The rental ends on ${answer.ends_on}. The customer is e-mailed the notice.`);
    return;
  }
  const { credit_notes, refunded_cents, to_return_cents, owed_cents } = answer.settled;
  print(
    now
      ? `The rental ended today (${answer.ends_on}); its units are free from tomorrow. The customer is e-mailed.`
      : `The tenancy ends on ${answer.ends_on}, as agreed; its units are free from the day after. The tenant is e-mailed.`,
  );
  for (const note of credit_notes) print(`Credit note ${note.number} against ${note.invoice_number ? `invoice ${note.invoice_number}` : 'the checkout receipt'}: ${formatCad(note.amount_cents)}.`);
  if (refunded_cents > 0) print(`${formatCad(refunded_cents)} goes back to the customer's card.`);
  if (to_return_cents > 0) print(`Return ${formatCad(to_return_cents)} to the customer by hand: they paid it by cheque, e-Transfer or debit.`);
  print(owed_cents > 0 ? `${formatCad(owed_cents)} is still owed.` : 'Nothing is owed.');
};

export const rentalCommands: Record<string, Command> = { list, show, retry, record, end };
