import { waitlistListResponse, type WaitlistEntryRecord } from '../../shared/contract/waitlist.ts';
import { printTable, type Command } from './cli.ts';

function budgetRange(e: WaitlistEntryRecord): string {
  const money = (n: number) => `$${n.toLocaleString('en-CA', { maximumFractionDigits: 2 })}`;
  if (e.budget_min === null && e.budget_max === null) return '';
  if (e.budget_min === null) return `up to ${money(e.budget_max!)}`;
  if (e.budget_max === null) return `from ${money(e.budget_min)}`;
  return `${money(e.budget_min)}–${money(e.budget_max)}`;
}

/** `npm run admin -- waitlist list [--json] [--limit N]`: the entries, newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const limit = typeof flags.limit === 'string' ? `?limit=${encodeURIComponent(flags.limit)}` : '';
  const answer = waitlistListResponse.parse(await client.call('GET', `/admin-api/waitlist${limit}`));
  const { entries } = answer.data;
  if (json) {
    print(JSON.stringify(entries, null, 2));
    return;
  }
  printTable(
    entries.map((e) => ({
      id: e.id,
      received: e.created_at.replace('T', ' ').replace(/:\d{2}Z$/, ' UTC'),
      name: e.customer_name,
      email: e.email,
      phone: e.phone,
      users: e.number_of_users,
      budget: budgetRange(e),
      start: e.desired_start_date,
      offices: e.offices.map((o) => o.office_id).join(', '),
    })),
    print,
  );
};

export const waitlistCommands: Record<string, Command> = { list };
