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
