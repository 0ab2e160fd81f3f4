import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** A row to have in the page, and where it starts and ends below the table's head. */
export interface PlacedRow {
  index: number;
  start: number;
  end: number;
}

/** The rows of a long table to have in the page, in order, and the room of those that are not. */
export interface RowRange {
  rows: PlacedRow[];
  /** The height of all the rows. */
  height: number;
  /** Reports a row's element, so its height is measured once it is in the page. */
  measure: (element: HTMLTableSectionElement | null) => void;
}

interface Props {
  count: number;
  keyOf: (index: number) => string;
  /** The table's head: the first row starts under it. */
  head: RefObject<HTMLElement | null>;
  /** A row to scroll to (a cancelled checkout's), or -1. */
  targetIndex: number;
  /** A row's height before it is measured. */
  estimatedHeight: number;
  /** Adds the rows that stay in the page wherever the screen is (to indexes in order, kept in order). */
  keep: (indexes: number[]) => number[];
  onRange: (range: RowRange) => void;
}

/**
 * Follows which rows of a long table are on screen or near it, and tells the table (it renders
 * nothing itself): the table keeps rendering its rows, so the ones already in the page stay
 * there when this arrives, rather than all being replaced. Each row is measured once in the page
 * (a phone's open row is taller), so the scroll bar and the rows below stay where they are. It
 * imports nothing of the app's, so its chunk holds the virtualizer alone.
 */
export default function VirtualRange({ count, keyOf, head, targetIndex, estimatedHeight, keep, onRange }: Props) {
  const scrollMargin = useListOffset(head);
  const estimateSize = useCallback(() => estimatedHeight, [estimatedHeight]);
  const rangeExtractor = useCallback((range: Range) => keep(defaultRangeExtractor(range)), [keep]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    overscan: 8,
    scrollMargin,
    getItemKey: keyOf,
    rangeExtractor,
    // The first range already fills the screen, without waiting for the window to be measured.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // A row's size comes from the ResizeObserver's report, after the browser's own layout: read
    // as each row mounts (the default), it forced a layout per row, tens of milliseconds on a phone.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? estimatedHeight;
    },
  });

  // Again once the list's place on the page is known, or changes while the row is highlighted.
  useEffect(() => {
    if (targetIndex >= 0) virtualizer.scrollToIndex(targetIndex, { align: 'center' });
  }, [targetIndex, scrollMargin, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const height = virtualizer.getTotalSize();
  // Before the browser paints: the table shows the new rows in the same frame as the scroll.
  useLayoutEffect(() => {
    const rows = items.map(({ index, start, end }) => ({ index, start: start - scrollMargin, end: end - scrollMargin }));
    onRange({ rows, height, measure: virtualizer.measureElement });
  }, [items, height, scrollMargin, virtualizer, onRange]);
  return null;
}

/**
 * Where the list's first row starts on the page, followed as what is above it changes (a notice,
 * the window's width). Read when a ResizeObserver reports, after the browser's own layout: read
 * at every render, it forced a layout of the page in the middle of each commit.
 */
function useListOffset(head: RefObject<HTMLElement | null>): number {
  // Read once as this mounts, the table being in the page and laid out already: the first range is the right one.
  const [offset, setOffset] = useState(() => listOffset(head.current));
  useEffect(() => {
    const measure = () => setOffset(listOffset(head.current));
    // The page's height changes whenever something above the list does (and with the list's own rows).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [head]);
  return offset;
}

function listOffset(head: HTMLElement | null): number {
  return head ? Math.round(head.getBoundingClientRect().bottom + window.scrollY) : 0;
}
