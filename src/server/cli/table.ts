/** A plain-text table for the staff command line. */
export function printTable(rows: Record<string, unknown>[], print: (line: string) => void): void {
  if (rows.length === 0) {
    print('(none)');
    return;
  }
  const columns = Object.keys(rows[0]!);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  print(columns.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  print(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) print(columns.map((c, i) => cell(r[c]).padEnd(widths[i]!)).join('  '));
}

/** A list command's answer: the rows as JSON with --json, else a table of `row` of each. */
export function printList<T>(rows: T[], { json, print }: { json: boolean; print: (line: string) => void }, row: (r: T) => Record<string, unknown>): void {
  if (json) print(JSON.stringify(rows, null, 2));
  else printTable(rows.map(row), print);
}

/** An API time (ISO, in UTC) to the minute, as the tables show it: "2026-11-28 03:52 UTC". */
export const utcMinute = (iso: string | null): string => (iso ? iso.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC') : '');
