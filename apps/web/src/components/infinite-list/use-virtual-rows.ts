import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';
import type { InfiniteList } from '@/lib/infinite-list';

/** Rows rendered beyond each edge of the visible part. */
const OVERSCAN = 6;
/** The next page is asked for once the window comes this close to the last row read. */
const PREFETCH_ROWS = 10;

/** What a rendered row spreads onto its element, so its real height is measured. */
export interface VirtualRowProps {
  ref: (element: HTMLElement | null) => void;
  'data-index': number;
}

export interface VirtualRows {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The rows to render now (index into the rows; the one past the end is the loading row). */
  visible: VirtualItem[];
  /** Blank space above and below the rendered rows (the rows not rendered). */
  paddingTop: number;
  paddingBottom: number;
  rowProps: (index: number) => VirtualRowProps;
}

/**
 * The window of `count` rows (plus a loading row while the list has more) rendered in a scroll
 * container, and reading the list's next page as the window nears its end. The row at
 * `revealIndex` (-1: none) is scrolled into view each time that index changes.
 */
export function useVirtualRows(list: InfiniteList<unknown>, count: number, estimateRowHeight: number, revealIndex = -1): VirtualRows {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const total = count + (list.hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: OVERSCAN,
  });
  const visible = virtualizer.getVirtualItems();
  const lastIndex = visible.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastIndex >= count - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastIndex, count, fetchNextPage]);
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);
  const first = visible[0];
  const last = visible.at(-1);
  return {
    scrollRef,
    visible,
    paddingTop: first ? first.start : 0,
    paddingBottom: last ? virtualizer.getTotalSize() - last.end : 0,
    rowProps: (index) => ({ ref: virtualizer.measureElement, 'data-index': index }),
  };
}
