import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listPageRequest, type ListPage, type ListPageRequest } from './list-page';

/** A list read a page at a time, as the screens show it. */
export interface InfiniteList<Item> {
  /** The items of the pages read so far, in order. */
  items: Item[];
  /** The search the items answer ('' = none). */
  query: string;
  /** The first page is on its way (nothing to show yet). */
  isPending: boolean;
  /** The answer to a new search is on its way (the previous one is shown meanwhile). */
  isSearching: boolean;
  /** The first page could not be read. */
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last try to read the next page failed. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => void;
  /** Reads again what failed (the first page or the next one). */
  retry: () => void;
}

export interface InfiniteListOptions<Item> {
  /** The list's key; it includes `query`. */
  queryKey: QueryKey;
  fetchPage: (request: ListPageRequest) => Promise<ListPage<Item>>;
  query: string;
  enabled?: boolean;
}

/**
 * A list call a page at a time: each page continues from the previous page's cursor. While a
 * new search is on its way the previous answer stays on screen.
 */
export function useInfiniteList<Item>({ queryKey, fetchPage, query, enabled = true }: InfiniteListOptions<Item>): InfiniteList<Item> {
  const result = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(listPageRequest(pageParam, query)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
  const { data, fetchNextPage, refetch } = result;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return {
    items,
    query,
    isPending: result.isPending,
    isSearching: result.isPlaceholderData,
    // A failed refetch keeps the items read before on screen.
    isError: result.isError && data === undefined,
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    isFetchNextPageError: result.isFetchNextPageError,
    // A call while a page is on its way waits for it rather than starting over.
    fetchNextPage: () => void fetchNextPage({ cancelRefetch: false }),
    retry: () => void (result.isFetchNextPageError ? fetchNextPage({ cancelRefetch: false }) : refetch()),
  };
}

/**
 * Two lists shown as one, the second after the whole first (members, then invitations): the
 * second list's items join once the first has no more pages. `combine` builds the shown items.
 */
export function chainInfiniteLists<First, Second, Item>(
  first: InfiniteList<First>,
  second: InfiniteList<Second>,
  combine: (first: First[], second: Second[]) => Item[],
): InfiniteList<Item> {
  const current = first.hasNextPage ? first : second;
  return {
    items: combine(first.items, first.hasNextPage ? [] : second.items),
    query: first.query,
    isPending: first.isPending || second.isPending,
    isSearching: first.isSearching || second.isSearching,
    isError: first.isError || second.isError,
    hasNextPage: first.hasNextPage || second.hasNextPage,
    isFetchingNextPage: current.isFetchingNextPage,
    isFetchNextPageError: current.isFetchNextPageError,
    fetchNextPage: current.fetchNextPage,
    retry: () => {
      for (const list of [first, second]) if (list.isError || list.isFetchNextPageError) list.retry();
    },
  };
}
