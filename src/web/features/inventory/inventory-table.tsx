import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { RowRange } from './virtual-range.tsx';
import type { Office } from '../../../shared/contract/offices.ts';
import { cancelAnchor } from '../../../shared/domain/categories.ts';
import type { IsoDate } from '../../../shared/domain/time.ts';
import { useMessages } from '../../i18n/i18n.tsx';
import { inventoryMessages } from './messages.ts';
import { estimatedRowHeight, Spacer, UnitRows } from './unit-rows.tsx';

// Only a long list needs it, and not for its first paint: it is not part of the inventory's critical JS.
const VirtualRange = lazy(() => import('./virtual-range.tsx'));

/** Lists up to this long are rendered whole. */
const wholeListRows = 30;
/** A longer list shows this many rows first (a tall screen's worth), then only those near the screen. */
const firstRows = 15;

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
  const m = useMessages(inventoryMessages);
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
  // Until the virtualizer arrives, the first rows and the room of the rest; then the rows it
  // names. The rows are rendered here in both cases, so those already in the page stay.
  const [range, setRange] = useState<RowRange | null>(null);
  const first = long && range ? range.first : 0;
  // A range reported for a longer list (another category's) until the virtualizer reports again.
  const last = Math.min(!long ? wholeListRows - 1 : range ? range.last : firstRows - 1, offices.length - 1);
  const rows = [];
  for (let index = first; index <= last; index++) rows.push(row(index, long ? range?.measure : undefined));
  return (
    <>
      <table className="inventory-table" aria-describedby={describedBy} aria-rowcount={offices.length + 1}>
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
        <Spacer key="before" height={long && range ? range.before : 0} />
        {rows}
        <Spacer key="after" height={!long ? 0 : range ? range.after : (offices.length - firstRows) * estimatedRowHeight} />
      </table>
      {long ? (
        <Suspense fallback={null}>
          <VirtualRange count={offices.length} keyOf={keyOf} head={head} targetIndex={targetIndex} estimatedHeight={estimatedRowHeight} onRange={setRange} />
        </Suspense>
      ) : null}
    </>
  );
}
