import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

interface Props {
  count: number;
  keyOf: (index: number) => string;
  /** The table's head: the first row starts under it. */
  head: RefObject<HTMLElement | null>;
  /** A row to scroll to (a cancelled checkout's), or -1. */
  targetIndex: number;
  row: (index: number, measure: (element: HTMLTableSectionElement | null) => void) => ReactNode;
  /** A row's height before it is measured. */
  estimatedHeight: number;
  /** The room of the rows not in the page. */
  spacer: (height: number) => ReactNode;
}

/**
 * The rows of a long table that are on screen or near it, between two spacers that keep the
 * page as tall as the whole list. Each row is measured once in the page (a phone's open row is
 * taller), so the scroll bar and the rows below stay where they are. It imports nothing of
 * the app's, so its chunk holds the virtualizer alone.
 */
export default function VirtualRows({ count, keyOf, head, targetIndex, row, estimatedHeight, spacer }: Props) {
  const scrollMargin = useListOffset(head);
  const estimateSize = useCallback(() => estimatedHeight, [estimatedHeight]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    overscan: 8,
    scrollMargin,
    getItemKey: keyOf,
    // The first render already fills the screen, without waiting for the window to be measured.
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
  const first = items[0];
  const last = items[items.length - 1];
  return (
    <>
      {spacer(first ? first.start - scrollMargin : 0)}
      {items.map((item) => row(item.index, virtualizer.measureElement))}
      {spacer(last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0)}
    </>
  );
}

/** Where the list's first row starts on the page, followed as what is above it changes (a notice, the window's width). */
function useListOffset(head: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = head.current;
      if (element) setOffset(Math.round(element.getBoundingClientRect().bottom + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return offset;
}
