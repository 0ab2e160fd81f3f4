import { staffOrdersResponse, type StaffOrder } from '../../shared/contract/staff-orders.ts';
import { formatCad } from '../../shared/domain/pricing.ts';
import type { Command } from './command.ts';
import { limitFlag, readAllPages } from './pages.ts';
import { printList, utcMinute } from './table.ts';

/** The days of a day-based order, or where a rental starts. */
function when(o: StaffOrder): string {
  if (o.days.length === 0) return `from ${o.start_date}`;
  return o.days.length <= 3 ? o.days.join(', ') : `${o.days[0]} … ${o.days.at(-1)} (${o.days.length} days)`;
}

/** What stands out about an order: why it was refunded, and what holds its refund up. */
function note(o: StaffOrder): string {
  const parts: string[] = [];
  if (o.refund_reason === 'paid_after_taken') parts.push('paid after the date or unit was sold: refunded in full');
  else if (o.refunded > 0) parts.push(`cancelled${o.cancelled_days.length > 0 ? ` ${o.cancelled_days.join(', ')}` : ''} by the customer: ${formatCad(Math.round(o.refunded * 100))} refunded`);
  if (o.rental_ends_on) parts.push(`notice given: ends ${o.rental_ends_on}`);
  if (o.refund_error) parts.push(`refund refused: ${o.refund_error}`);
  return parts.join('; ');
}

/** `npm run admin -- orders list [--status paid] [--limit N] [--json]`: every order (or the N newest), newest first. */
const list: Command = async ({ client, flags, json, print }) => {
  const path = typeof flags.status === 'string' ? `/admin-api/orders?status=${encodeURIComponent(flags.status)}` : '/admin-api/orders';
  const max = limitFlag(flags);
  const orders = await readAllPages(
    client,
    path,
    (answer) => {
      const { data } = staffOrdersResponse.parse(answer);
      return { rows: data.orders, next_cursor: data.next_cursor };
    },
    max,
  );
  printList(orders, { json, print }, (o) => ({
    created: utcMinute(o.created_at),
    status: o.status,
    unit: o.office_id,
    name: o.office_name,
    type: o.rental_type,
    when: when(o),
    total: formatCad(Math.round(o.total * 100)),
    order: o.id,
    note: note(o),
  }));
};

export const orderCommands: Record<string, Command> = { list };
