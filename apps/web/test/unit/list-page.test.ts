import { chainInfiniteLists, type InfiniteList } from '@/lib/infinite-list';
import { LIST_PAGE_SIZE } from '@console/domain';
import { listPageRequest, normalizeListQuery, toListPage } from '@/lib/list-page';

function list<T>(items: T[], state: Partial<InfiniteList<T>> = {}): InfiniteList<T> {
  return {
    items,
    query: '',
    isPending: false,
    isSearching: false,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: jest.fn(),
    retry: jest.fn(),
    ...state,
  };
}

describe('list pages', () => {
  it('reads a page object as it is and a bare array as the only page', () => {
    const page = { items: [{ id: 'a' }], nextCursor: 'abc' };
    expect(toListPage(page)).toBe(page);
    expect(toListPage([{ id: 'a' }, { id: 'b' }])).toEqual({ items: [{ id: 'a' }, { id: 'b' }], nextCursor: null });
    expect(toListPage([])).toEqual({ items: [], nextCursor: null });
  });

  it('asks for a page with the cursor after the first and the query only when searching', () => {
    expect(listPageRequest(undefined, '')).toEqual({ limit: LIST_PAGE_SIZE });
    expect(listPageRequest('next', 'tanaka')).toEqual({ limit: LIST_PAGE_SIZE, cursor: 'next', query: 'tanaka' });
    expect(listPageRequest(undefined, 'x', 10)).toEqual({ limit: 10, query: 'x' });
  });

  it('trims the search text and keeps at most 100 characters', () => {
    expect(normalizeListQuery('  山田  ')).toBe('山田');
    expect(normalizeListQuery('   ')).toBe('');
    expect(normalizeListQuery(`${'a'.repeat(99)} bbb`)).toBe('a'.repeat(99));
    expect(normalizeListQuery('x'.repeat(150))).toHaveLength(100);
  });
});

describe('chained lists', () => {
  const join = (members: string[], invitations: number[]) => [...members, ...invitations.map(String)];

  it('shows the second list only once the first has no more pages, and reads on in the one being shown', () => {
    const members = list(['m1', 'm2'], { hasNextPage: true });
    const invitations = list([1, 2], { hasNextPage: true });
    const partial = chainInfiniteLists(members, invitations, join);
    expect(partial.items).toEqual(['m1', 'm2']);
    expect(partial.hasNextPage).toBe(true);
    partial.fetchNextPage();
    expect(members.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(invitations.fetchNextPage).not.toHaveBeenCalled();

    const done = list(['m1', 'm2', 'm3']);
    const whole = chainInfiniteLists(done, invitations, join);
    expect(whole.items).toEqual(['m1', 'm2', 'm3', '1', '2']);
    expect(whole.hasNextPage).toBe(true);
    whole.fetchNextPage();
    expect(invitations.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(chainInfiniteLists(done, list([1]), join).hasNextPage).toBe(false);
  });

  it('is pending or failed while either first page is, and retries only what failed', () => {
    expect(chainInfiniteLists(list<string>([], { isPending: true }), list<number>([]), join).isPending).toBe(true);
    expect(chainInfiniteLists(list<string>([]), list<number>([], { isPending: true }), join).isPending).toBe(true);
    const failed = list<number>([], { isError: true });
    const fine = list<string>(['m1']);
    const chained = chainInfiniteLists(fine, failed, join);
    expect(chained.isError).toBe(true);
    chained.retry();
    expect(failed.retry).toHaveBeenCalledTimes(1);
    expect(fine.retry).not.toHaveBeenCalled();
  });

  it('tells a failed next page of the list being read', () => {
    const members = list(['m1'], { hasNextPage: true, isFetchNextPageError: true });
    expect(chainInfiniteLists(members, list<number>([]), join).isFetchNextPageError).toBe(true);
    expect(chainInfiniteLists(list(['m1']), list([1], { hasNextPage: true, isFetchingNextPage: true }), join).isFetchingNextPage).toBe(true);
  });
});
