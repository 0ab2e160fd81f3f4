import { staffOrdersResponse, type StaffOrder } from '../../shared/contract/staff-orders.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import { printTable, type Command } from './cli.ts';

/** The days of a day-based order, or where a rental starts. */
function when(o: StaffOrder): string {
  if (o.days.length === 0) return `from ${o.start_date}`;
  return o.days.length <= 3 ? o.days.join(', ') : `${o.days[0]} … ${o.days.at(-1)} (${o.days.length} days)`;
}

/** `npm run admin -- orders list [--status paid] [--limit N] [--json]`: the orders, newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const params = new URLSearchParams();
  if (typeof flags.status === 'string') params.set('status', flags.status);
  if (typeof flags.limit === 'string') params.set('limit', flags.limit);
  const search = params.size > 0 ? `?${params}` : '';
  const { orders } = staffOrdersResponse.parse(await client.call('GET', `/admin-api/orders${search}`)).data;
  if (json) {
    print(JSON.stringify(orders, null, 2));
    return;
  }
  printTable(
    orders.map((o) => ({
      created: o.created_at.replace('T', ' ').replace(/:\d{2}Z$/, ' UTC'),
      status: o.status,
      unit: o.office_id,
      name: o.office_name,
      type: o.rental_type,
      when: when(o),
      total: formatCad(Math.round(o.total * 100)),
      order: o.id,
    })),
    print,
  );
};

export const orderCommands: Record<string, Command> = { list };
