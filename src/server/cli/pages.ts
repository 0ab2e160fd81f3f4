import type { AdminClient, CommandContext } from './command.ts';

/**
 * Every row of a staff list, following its cursor page after page; `max` stops early (the
 * --limit flag). `read` parses one page's answer.
 */
export async function readAllPages<T>(
  client: AdminClient,
  path: string,
  read: (answer: unknown) => { rows: T[]; next_cursor: string | null },
  max = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(path, 'http://list.invalid');
    url.searchParams.set('limit', String(Math.min(1000, max - rows.length)));
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = read(await client.call('GET', `${url.pathname}${url.search}`));
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor && rows.length < max);
  return rows;
}

/** The --limit flag: undefined when absent, else a whole number of at least 1. */
export function limitFlag(flags: CommandContext['flags']): number | undefined {
  if (typeof flags.limit !== 'string') return undefined;
  const max = Number(flags.limit);
  if (!(Number.isInteger(max) && max > 0)) throw new Error('--limit must be a whole number of at least 1');
  return max;
}
