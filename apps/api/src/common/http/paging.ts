import { applyDecorators, type Type } from '@nestjs/common';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiPropertyOptional, getSchemaPath } from '../openapi/decorators';
import { DomainError, MAX_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, UNPAGED_LIST_CAP } from '@console/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from '../validation/class-validator';
import { containsPattern, encodeCursor, type Keyset, type KeyValues, type ListWindow } from './paging-sql';

/** Longest cursor this API gives out is well under this (two names, two ids). */
const MAX_CURSOR_LENGTH = 2000;

/** One page of a listing. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** `limit`: rows per page, 1 to 100. */
export function PageLimit(options: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, ...options }),
    IsOptional(),
    IsInt(),
    Min(1),
    Max(MAX_PAGE_SIZE),
  );
}

/** `cursor`: the nextCursor of the previous page (opaque). */
export function PageCursor(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: 'The nextCursor of the previous page (opaque); omitted for the first page.' }),
    IsOptional(),
    IsString(),
    MaxLength(MAX_CURSOR_LENGTH),
  );
}

/** The paging and search fields of a listing's request. */
export class ListRequest {
  @PageLimit({
    description: `Rows per page. With it the answer is one page ({ items, nextCursor }); without it the bare array of at most the first ${UNPAGED_LIST_CAP} rows, in the same order.`,
  })
  limit?: number;

  @PageCursor()
  cursor?: string;

  @ApiPropertyOptional({
    maxLength: SEARCH_QUERY_MAX_LENGTH,
    description: 'Case-insensitive substring search (trimmed; empty = no filter; % and _ are matched literally). What it matches is told by each call.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(SEARCH_QUERY_MAX_LENGTH)
  query?: string;
}

const pageResponses = new Map<Type, Type>();

/** The OpenAPI model of a page of `item`s, named after it (AuditEventResponse → AuditEventPageResponse). */
function pageResponseOf(item: Type): Type {
  const known = pageResponses.get(item);
  if (known) return known;
  class PageResponse {
    @ApiProperty({ type: [item], description: 'The rows of this page, in the listing’s order.' }) items: unknown[];
    @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor (with limit) for the next page; null on the last page.' }) nextCursor:
      string | null;
  }
  Object.defineProperty(PageResponse, 'name', { value: item.name.replace(/(Response)?$/, 'PageResponse') });
  pageResponses.set(item, PageResponse);
  return PageResponse;
}

/** The 200 response of a call that always answers one page of `item`s. */
export function ApiPageOkResponse(item: Type, description: string): MethodDecorator {
  return ApiOkResponse({ type: pageResponseOf(item), description });
}

/** The 200 response of a listing: the bare array without limit (capped), a page object with it. */
export function ApiListOkResponse(item: Type, description: string): MethodDecorator {
  const page = pageResponseOf(item);
  return applyDecorators(
    ApiExtraModels(item, page),
    ApiOkResponse({
      description: `${description} Without limit: the bare array of at most the first ${UNPAGED_LIST_CAP} rows; with limit: one page.`,
      schema: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(item) } }, { $ref: getSchemaPath(page) }] },
    }),
  );
}

/** The window a listing request asks for, in the listing's keyset; VALIDATION_FAILED for a cursor not given out by it, or given without limit. */
export function listWindow(request: ListRequest, keyset: Keyset): ListWindow {
  if (request.cursor !== undefined && request.limit === undefined) throw new DomainError('VALIDATION_FAILED', 'cursor must be given with limit');
  const query = request.query ?? '';
  return {
    pageSize: request.limit ?? null,
    fetch: request.limit === undefined ? UNPAGED_LIST_CAP : request.limit + 1,
    after: request.cursor === undefined ? null : keyset.decode(request.cursor),
    pattern: query === '' ? null : containsPattern(query),
  };
}

/** The page of `rows` (read one more than `pageSize`), its cursor made of the last row's key. */
export function pageOf<R, T>(rows: readonly R[], pageSize: number, keyOf: (row: R) => KeyValues, toItem: (row: R) => T): Page<T> {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return { items: items.map(toItem), nextCursor: rows.length > pageSize && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** The answer of a listing: a page when asked with limit, the bare array otherwise. */
export function listAnswer<R, T>(window: ListWindow, rows: readonly R[], keyOf: (row: R) => KeyValues, toItem: (row: R) => T): T[] | Page<T> {
  return window.pageSize === null ? rows.map(toItem) : pageOf(rows, window.pageSize, keyOf, toItem);
}
