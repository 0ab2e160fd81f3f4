/**
 * Staff lists are read a page at a time, newest first, by asking for one row more than the page:
 * that row says a next page exists, and the page's last row is where it starts (its position, which
 * the route writes as an opaque cursor), so a page never skips or repeats a row while new ones arrive.
 */
export function pageOf<R, P>(rows: readonly R[], limit: number, positionOf: (last: R) => P): { rows: R[]; next: P | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last !== undefined ? positionOf(last) : null };
}

/** Where a page of a list kept by creation time ended: that instant to the microsecond (positionText) and the last row's id. */
export interface InstantPosition {
  at: string;
  id: string;
}
