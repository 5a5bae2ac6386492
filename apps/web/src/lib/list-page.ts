/**
 * Paging of the long lists: a call given `limit` answers a page object `{ items, nextCursor }`
 * (nextCursor null on the last page), without it the bare array of the first 1,000 items.
 */
import { LIST_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '@console/domain';

export interface ListPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** The paging fields of a list call's body. */
export interface ListPageRequest {
  limit: number;
  cursor?: string;
  query?: string;
}

/** The item of a list call's answer, whichever of its two shapes the schema names. */
export type ListItem<Answer> = Answer extends (infer Item)[] ? Item : Answer extends { items: (infer Item)[] } ? Item : never;

/** A list call's answer as a page: the page object as it is, a bare array as the only page. */
export function toListPage<Item>(answer: Item[] | ListPage<Item>): ListPage<Item> {
  return Array.isArray(answer) ? { items: answer, nextCursor: null } : answer;
}

/** What a search box's text asks the API for: trimmed, at most {@link SEARCH_QUERY_MAX_LENGTH} characters ('' = everything). */
export function normalizeListQuery(text: string): string {
  return text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/** The body fields asking for one page: `cursor` after the first page, `query` when searching. */
export function listPageRequest(cursor: string | undefined, query: string, limit = LIST_PAGE_SIZE): ListPageRequest {
  return { limit, ...(cursor === undefined ? {} : { cursor }), ...(query === '' ? {} : { query }) };
}
