// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VirtualRange, { type RowRange } from '../../src/web/features/inventory/virtual-range.tsx';

/*
 * The rows a long table keeps in the page (SEED_UNITS=2000 lists about 500 offices). jsdom lays
 * nothing out: the table's head reports where it ends, as a phone shows it under the header,
 * the hero and the category pills.
 */

const rowHeight = 68;
const overscan = 8;
const headBottom = 322;
const screenHeight = 823;

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('innerHeight', screenHeight);
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Table({ reports }: { reports: RowRange[] }) {
  const head = useRef<HTMLTableSectionElement>(null);
  const [keep] = useState(() => (indexes: number[]) => indexes);
  const [onRange] = useState(() => (range: RowRange) => reports.push(range));
  const [keyOf] = useState(() => (index: number) => `unit-${index}`);
  // As in the page, where its chunk arrives after the table's first rows are in it.
  const [arrived, setArrived] = useState(false);
  useEffect(() => setArrived(true), []);
  return (
    <table>
      <thead
        ref={(element) => {
          head.current = element;
          if (element) element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: headBottom - 40, width: 390, height: 40 });
        }}
      >
        <tr>
          <th>Office</th>
        </tr>
      </thead>
      {arrived ? <VirtualRange count={500} keyOf={keyOf} head={head} targetIndex={-1} estimatedHeight={rowHeight} keep={keep} onRange={onRange} /> : null}
    </table>
  );
}

describe('the rows of a long table near the screen', () => {
  it('are, from the first range on, those under the head: the room above the table holds no rows', () => {
    const reports: RowRange[] = [];
    render(<Table reports={reports} />);
    // The rows that fit between the head's bottom and the screen's, and the overscan below them.
    const onScreen = Math.ceil((screenHeight - headBottom) / rowHeight);
    expect(reports.length).toBeGreaterThan(0);
    for (const range of reports) {
      expect(range.rows.map((row) => row.index)).toEqual(Array.from({ length: onScreen + overscan }, (_, index) => index));
      expect(range.rows[0]).toEqual({ index: 0, start: 0, end: rowHeight });
      expect(range.height).toBe(500 * rowHeight);
    }
  });
});
