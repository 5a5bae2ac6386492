import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  /** The scroll container's ref. */
  scrollRef: (element: HTMLDivElement | null) => void;
  /** The indexes of the rows to render now (the one past the last row is the loading row). */
  visible: number[];
  /** Blank space above and below the rendered rows (the rows not rendered). */
  paddingTop: number;
  paddingBottom: number;
  rowProps: (index: number) => VirtualRowProps;
}

/** The first index whose row ends below `offset` (`starts` ascending, `end` the end of the last row). */
function rowAt(starts: readonly number[], end: number, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((starts[middle] ?? end) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The window of `count` rows (plus a loading row while the list has more) rendered in a scroll
 * container, and reading the list's next page as the window nears its end. Rows are laid out at
 * `estimateRowHeight` until rendered, then at their measured height; a row above the visible
 * part that turns out taller or shorter moves the scroll position with it, so what is shown stays
 * put. The row at `revealIndex` (-1: none) is scrolled to the middle each time that index changes.
 */
export function useVirtualRows(list: InfiniteList<unknown>, count: number, estimateRowHeight: number, revealIndex = -1): VirtualRows {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  const heights = useRef(new Map<number, number>());
  const [, setMeasured] = useState(0);
  const total = count + (list.hasNextPage ? 1 : 0);

  const starts: number[] = [];
  let end = 0;
  for (let index = 0; index < total; index += 1) {
    starts.push(end);
    end += heights.current.get(index) ?? estimateRowHeight;
  }
  const layout = useRef({ starts, end });
  layout.current = { starts, end };

  useLayoutEffect(() => {
    if (!container) return undefined;
    const read = () =>
      setViewport((current) =>
        current.top === container.scrollTop && current.height === container.clientHeight
          ? current
          : { top: container.scrollTop, height: container.clientHeight },
      );
    read();
    container.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(container);
    return () => {
      container.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [container]);

  /** Takes a rendered row's height; one above the visible part shifts the scroll position by the difference. */
  const measure = useCallback(
    (element: HTMLElement) => {
      if (!element.isConnected) return;
      const index = Number(element.dataset.index);
      const height = element.getBoundingClientRect().height;
      const previous = heights.current.get(index) ?? estimateRowHeight;
      if (heights.current.get(index) === height) return;
      heights.current.set(index, height);
      const start = layout.current.starts[index];
      if (container && start !== undefined && start < container.scrollTop && height !== previous) container.scrollTop += height - previous;
      setMeasured((version) => version + 1);
    },
    [container, estimateRowHeight],
  );

  const [rowObserver, setRowObserver] = useState<ResizeObserver | null>(null);
  useEffect(() => {
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        if (entry.target.isConnected && entry.target instanceof HTMLElement) measure(entry.target);
        else observer.unobserve(entry.target);
      }
    });
    setRowObserver(observer);
    return () => observer.disconnect();
  }, [measure]);

  const measureRow = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      measure(element);
      rowObserver?.observe(element);
    },
    [measure, rowObserver],
  );

  // The rows the visible part overlaps, and OVERSCAN more on each side.
  const first = total === 0 ? 0 : Math.max(0, rowAt(starts, end, viewport.top) - OVERSCAN);
  const last = total === 0 ? -1 : Math.min(total - 1, rowAt(starts, end, viewport.top + viewport.height) + OVERSCAN);
  const visible: number[] = [];
  for (let index = first; index <= last; index += 1) visible.push(index);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && last >= count - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, last, count, fetchNextPage]);

  useEffect(() => {
    const start = layout.current.starts[revealIndex];
    if (!container || start === undefined) return;
    const height = heights.current.get(revealIndex) ?? estimateRowHeight;
    container.scrollTop = Math.max(0, start + height / 2 - container.clientHeight / 2);
  }, [revealIndex, container, estimateRowHeight]);

  return {
    scrollRef: setContainer,
    visible,
    paddingTop: starts[first] ?? 0,
    paddingBottom: total === 0 ? 0 : end - ((starts[last] ?? 0) + (heights.current.get(last) ?? estimateRowHeight)),
    rowProps: (index) => ({ ref: measureRow, 'data-index': index }),
  };
}
