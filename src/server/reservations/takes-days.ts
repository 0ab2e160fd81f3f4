import { sql, type RawBuilder } from 'kysely';

/**
 * Whether a reservation takes its days at `now`: booked, or held with its hold not yet run out
 * (a lapsed hold takes nothing, even before a checkout releases it). Every question of which days
 * are taken asks this one; `table` is the reservations' alias in the query, if it has one.
 */
export function takesItsDays(now: Date, table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<boolean>`(${column('status')} = 'booked' or (${column('status')} = 'held' and ${column('expires_at')} > ${now}))`;
}
