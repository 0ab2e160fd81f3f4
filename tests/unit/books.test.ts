import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadsheetSafe } from '../../src/server/books/documents-csv.ts';
import { ageBucketOf, booksRangeQuery, lastWholeMonth } from '../../src/shared/contract/books.ts';
import { decimalAmount } from '../../src/shared/domain/pricing.ts';
import { receivablesQuery } from '../../src/web/staff/books-queries.ts';
import { staffQueryClient } from '../../src/web/staff/query-client.ts';

/* The books' small rules: a range of days, the ages of what is owed, amounts as accounting files write them, cells a spreadsheet never runs. */

const fieldsOf = (query: Record<string, string>) => {
  const parsed = booksRangeQuery.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a range of days for the books', () => {
  it('takes both days or neither, in order, over at most three years', () => {
    expect(fieldsOf({})).toEqual([]);
    expect(fieldsOf({ from: '2026-12-01', to: '2026-12-01' })).toEqual([]);
    expect(fieldsOf({ from: '2026-12-02', to: '2026-12-01' })).toEqual([['to', 'range_backwards']]);
    expect(fieldsOf({ from: '2026-12-01' })).toEqual([['to', 'range_needs_both']]);
    expect(fieldsOf({ to: '2026-12-01' })).toEqual([['from', 'range_needs_both']]);
    // 1,096 days (three years with a leap day) is the most.
    expect(fieldsOf({ from: '2024-01-01', to: '2026-12-31' })).toEqual([]);
    expect(fieldsOf({ from: '2024-01-01', to: '2027-01-01' })).toEqual([['to', 'range_too_long']]);
    expect(fieldsOf({ from: '2026-02-29', to: '2026-03-01' })).toEqual([['from', 'date_format']]);
    expect(fieldsOf({ from: '2026-12-01', to: '31/12/2026' })).toEqual([['to', 'date_format']]);
  });

  it('is the last whole month by default, across a year end too', () => {
    expect(lastWholeMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastWholeMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('what is owed, aged', () => {
  it('by days past due: current, 1–30, 31–60, 61–90, over 90', () => {
    expect([-3, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageBucketOf)).toEqual(['current', 'current', 'days_1_30', 'days_1_30', 'days_31_60', 'days_31_60', 'days_61_90', 'days_61_90', 'over_90', 'over_90']);
  });
});

describe('amounts and names in the accountant’s export', () => {
  it('writes amounts with a dot, two decimals and a minus below zero, never through a float', () => {
    expect([0, 5, -5, 100, 123_456, -24_145, 1_000_000_001].map(decimalAmount)).toEqual(['0.00', '0.05', '-0.05', '1.00', '1234.56', '-241.45', '10000000.01']);
  });

  it('writes a name a spreadsheet would run as a formula after an apostrophe, and leaves others alone', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(['+1 514', '-2', '@SUM(A1)', '\tx', '\rx'].map(spreadsheetSafe)).toEqual(["'+1 514", "'-2", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(['Atelier Décembre', 'Café = Thé', ''].map(spreadsheetSafe)).toEqual(['Atelier Décembre', 'Café = Thé', '']);
  });
});

describe('the console’s books queries', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    staffQueryClient.clear();
  });

  it('asks the server again at every look: money is never shown from an earlier answer', async () => {
    let owed = 100;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      const answer = { success: true, on: '2026-12-02', receivables: [], totals: [], owed_cents: owed };
      owed += 100;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect((await staffQueryClient.fetchQuery(receivablesQuery())).owed_cents).toBe(100);
    // At once, and once nothing shows it any longer: asked anew each time, never kept.
    expect((await staffQueryClient.fetchQuery(receivablesQuery())).owed_cents).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(staffQueryClient.getQueryData(receivablesQuery().queryKey)).toBeUndefined();
    expect(asked).toEqual(['/admin-api/books/receivables', '/admin-api/books/receivables']);
  });
});
