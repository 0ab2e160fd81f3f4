import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { PlacedRow, RowRange } from './virtual-range.tsx';
import type { Office } from '../../../shared/contract/offices.ts';
import { cancelAnchor } from '../../../shared/domain/categories.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { useCatalogue } from '../../i18n/i18n.tsx';
import { inventoryCatalogue } from './catalogue.ts';
import { estimatedRowHeight, Spacer, UnitRows } from './unit-rows.tsx';

// Only a long list needs it, and not for its first paint: it is not part of the inventory's critical JS.
const VirtualRange = lazy(() => import('./virtual-range.tsx'));

/** Lists up to this long are rendered whole. */
const wholeListRows = 30;
/** A longer list shows this many rows first (a tall screen's worth), then only those near the screen. */
const firstRows = 15;

/**
 * The row holding the keyboard's focus and the rows either side of it stay in the page wherever
 * the screen is: the focus is never dropped with its row, and Tab or Shift+Tab always has a row
 * to go to, however fast it is pressed and before the virtualizer has arrived.
 */
function keepFocused(indexes: number[], focused: number | null, count: number): number[] {
  if (focused === null) return indexes;
  const kept = new Set(indexes);
  for (let index = Math.max(0, focused - 1); index <= Math.min(count - 1, focused + 1); index++) kept.add(index);
  return kept.size === indexes.length ? indexes : [...kept].sort((a, b) => a - b);
}

/** The index of the row an element sits in, or null. */
function rowIndexOf(element: EventTarget | null): number | null {
  const row = element instanceof Element ? element.closest<HTMLElement>('tbody[data-index]') : null;
  return row ? Number(row.dataset.index) : null;
}

interface Props {
  offices: Office[];
  today: IsoDate;
  caption: string;
  /** The row a cancelled checkout came back to (its anchor): scrolled to and highlighted. */
  highlighted: string | null;
  onAction: (office: Office) => void;
  /** The id of the note about the prices (before tax). */
  describedBy?: string | undefined;
}

/**
 * Offices, desks, hot desks and parking. On a phone the Action column folds away and a row
 * opens on tap to show type, capacity, the discount note and the button.
 *
 * An operator lists hundreds per category: past wholeListRows, only the rows on screen or near it
 * are in the page (spacer rows stand for the others), and the table tells screen readers how
 * many rows it has and where each one sits.
 */
export function InventoryTable({ offices, today, caption, highlighted, onAction, describedBy }: Props) {
  const m = useCatalogue(inventoryCatalogue);
  const [expanded, setExpanded] = useState<string | null>(null);
  const head = useRef<HTMLTableSectionElement>(null);
  const long = offices.length > wholeListRows;
  const targetIndex = highlighted ? offices.findIndex((o) => cancelAnchor(o) === highlighted) : -1;

  // A short list has every row in the page: its target is scrolled to directly.
  useEffect(() => {
    if (!long && highlighted) document.getElementById(highlighted)?.scrollIntoView({ block: 'center' });
  }, [long, highlighted]);

  const row = useCallback(
    (index: number, measure?: (element: HTMLTableSectionElement | null) => void) => {
      const office = offices[index]!;
      const id = cancelAnchor(office);
      return (
        <UnitRows
          key={office.office_id}
          index={index}
          measure={measure}
          office={office}
          today={today}
          open={expanded === id}
          highlighted={highlighted === id}
          onToggle={setExpanded}
          onAction={onAction}
        />
      );
    },
    [offices, today, expanded, highlighted, onAction],
  );

  const keyOf = useCallback((index: number) => offices[index]!.office_id, [offices]);
  const [focused, setFocused] = useState<number | null>(null);
  const keep = useCallback((indexes: number[]) => keepFocused(indexes, focused, offices.length), [focused, offices.length]);
  const onFocus = (event: FocusEvent) => setFocused(rowIndexOf(event.target));
  // Released when the focus leaves the table; kept while the window is in the background, where
  // the row's button keeps the page's focus for when the visitor comes back.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const table = event.currentTarget;
    if (!table.contains(event.relatedTarget as Node | null) && !table.contains(document.activeElement)) setFocused(null);
  };

  // Until the virtualizer arrives, the first rows and the room of the rest; then the rows it
  // names. The rows are rendered here in both cases, so those already in the page stay.
  const [range, setRange] = useState<RowRange | null>(null);
  const placed: PlacedRow[] = !long
    ? offices.map((_, index) => ({ index, start: 0, end: 0 }))
    : range
      ? range.rows
      : keep(Array.from({ length: firstRows }, (_, index) => index)).map((index) => ({
          index,
          start: index * estimatedRowHeight,
          end: (index + 1) * estimatedRowHeight,
        }));
  const height = long ? (range?.height ?? offices.length * estimatedRowHeight) : 0;
  // Spacer rows stand for the rows not in the page: above the first, between two apart, below the last.
  const rows: ReactNode[] = [];
  let top = 0;
  for (const { index, start, end } of placed) {
    // A range reported for a longer list (another category's) until the virtualizer reports again.
    if (index >= offices.length) break;
    if (start > top) rows.push(<Spacer key={rows.length === 0 ? 'before' : `gap-${index}`} height={start - top} />);
    rows.push(row(index, long ? range?.measure : undefined));
    top = end;
  }
  return (
    <>
      <table className="inventory-table" aria-describedby={describedBy} aria-rowcount={offices.length + 1} onFocus={onFocus} onBlur={onBlur}>
        <caption className="visually-hidden">{caption}</caption>
        <thead ref={head}>
          <tr aria-rowindex={1}>
            <th scope="col">{m.columns.office}</th>
            <th scope="col">{m.columns.rate}</th>
            <th scope="col">{m.columns.status}</th>
            <th scope="col" className="col-action">
              {m.columns.action}
            </th>
          </tr>
        </thead>
        {rows}
        <Spacer key="after" height={height - top} />
      </table>
      {long ? (
        <Suspense fallback={null}>
          <VirtualRange
            count={offices.length}
            keyOf={keyOf}
            head={head}
            targetIndex={targetIndex}
            estimatedHeight={estimatedRowHeight}
            keep={keep}
            onRange={setRange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
