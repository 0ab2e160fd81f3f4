import { waitlistListResponse, type WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import type { Command } from './command.ts';
import { limitFlag, readAllPages } from './pages.ts';
import { printList, utcMinute } from './table.ts';

function budgetRange(e: WaitlistEntryRecord): string {
  const money = (n: number) => `$${n.toLocaleString('en-CA', { maximumFractionDigits: 2 })}`;
  if (e.budget_min === null && e.budget_max === null) return '';
  if (e.budget_min === null) return `up to ${money(e.budget_max!)}`;
  if (e.budget_max === null) return `from ${money(e.budget_min)}`;
  return `${money(e.budget_min)}–${money(e.budget_max)}`;
}

/** `npm run admin -- waitlist list [--json] [--limit N]`: every entry (or the N newest), newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const max = limitFlag(flags);
  const entries = await readAllPages(
    client,
    '/admin-api/waitlist',
    (answer) => {
      const { data } = waitlistListResponse.parse(answer);
      return { rows: data.entries, next_cursor: data.next_cursor };
    },
    max,
  );
  printList(entries, { json, print }, (e) => ({
    id: e.id,
    received: utcMinute(e.created_at),
    name: e.customer_name,
    email: e.email,
    phone: e.phone,
    users: e.number_of_users,
    budget: budgetRange(e),
    start: e.desired_start_date,
    state: e.state,
    offices: e.offices.map((o) => `${o.office_id} (${o.place === null ? o.status : `#${o.place}`})`).join(', '),
  }));
};

export const waitlistCommands: Record<string, Command> = { list };
