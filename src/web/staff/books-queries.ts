import { queryOptions } from '@tanstack/react-query';
import { booksDepositsResponse, booksDocumentsResponse, booksMoneyResponse, occupancyResponse, periodReport, receivablesResponse } from '../../shared/contract/books.ts';
import { staffRequest } from './api.ts';

/*
 * The books' calls (managers only), apart from queries.ts: only the Books pages, loaded when
 * opened, import them, so the console's first load carries none of their schemas.
 */

/** The range as the address gives it; either day missing is sent as missing, for the server to name. */
export interface BooksRangeSearch {
  from?: string;
  to?: string;
}

export interface BooksDocumentsSearch extends BooksRangeSearch {
  kind?: string;
  product?: string;
}

export interface BooksMoneySearch extends BooksRangeSearch {
  kind?: string;
}

/** An address's search of the given values, those left undefined left out. */
export function booksSearch(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

const root = ['staff', 'books'] as const;

/**
 * Money is read anew at every look: a books answer is never counted fresh (the console's other
 * pages keep theirs for 10 seconds) nor kept for a later visit, so no page shows figures older
 * than its own request.
 */
const fresh = { staleTime: 0, gcTime: 0 } as const;

export const booksReportQuery = (range: BooksRangeSearch) =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'report', range],
    queryFn: ({ signal }) => staffRequest(`/admin-api/books/report${booksSearch({ from: range.from, to: range.to })}`, { schema: periodReport, signal }),
  });

export const booksDocumentsQuery = (search: BooksDocumentsSearch) =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'documents', search],
    queryFn: ({ signal }) =>
      staffRequest(`/admin-api/books/documents${booksSearch({ from: search.from, to: search.to, kind: search.kind, product: search.product })}`, { schema: booksDocumentsResponse, signal }),
  });

export const booksMoneyQuery = (search: BooksMoneySearch) =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'money', search],
    queryFn: ({ signal }) => staffRequest(`/admin-api/books/money${booksSearch({ from: search.from, to: search.to, kind: search.kind })}`, { schema: booksMoneyResponse, signal }),
  });

/** Every deposit the range's deposit figures sum, each saying which figures count it. */
export const booksDepositsQuery = (range: BooksRangeSearch) =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'deposits', range],
    queryFn: ({ signal }) => staffRequest(`/admin-api/books/deposits${booksSearch({ from: range.from, to: range.to })}`, { schema: booksDepositsResponse, signal }),
  });

export const receivablesQuery = () =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'receivables'],
    queryFn: ({ signal }) => staffRequest('/admin-api/books/receivables', { schema: receivablesResponse, signal }),
  });

/** Each month of the range as it stood on its last day: occupancy, recurring revenue, day products sold. */
export const occupancyQuery = (range: BooksRangeSearch) =>
  queryOptions({
    ...fresh,
    queryKey: [...root, 'occupancy', range],
    queryFn: ({ signal }) => staffRequest(`/admin-api/books/occupancy${booksSearch({ from: range.from, to: range.to })}`, { schema: occupancyResponse, signal }),
  });
