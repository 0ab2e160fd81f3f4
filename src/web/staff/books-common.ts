import { lastWholeMonth } from '../../shared/contract/books.ts';
import { spaceTodayQuick } from '../../shared/domain/time.ts';
import type { BooksRangeSearch } from './books-queries.ts';
import type { StaffCatalogue } from './i18n.ts';

/** What the Books pages share (loaded with them, never with the console's first page). */

/** The range the address names; none: the last whole month, the report a GST/QST return is filed for. */
export function rangeOfSearch(search: BooksRangeSearch): BooksRangeSearch {
  return search.from === undefined && search.to === undefined ? lastWholeMonth(spaceTodayQuick(new Date())) : search;
}

/** A product's name: one sold here, or the returned-debit fee. */
export function bookProductName(m: StaffCatalogue, product: string): string {
  return (m.orders.products as Record<string, string>)[product] ?? m.books.productNames[product] ?? product;
}

/** The deposit figures of the report, each opening the deposits it sums. */
export type DepositFigure = keyof StaffCatalogue['books']['deposits']['figures'];
export const depositFigures: readonly DepositFigure[] = ['invoiced', 'returned', 'kept', 'held'];
