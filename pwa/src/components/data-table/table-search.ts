import { rememberPageSize, storedPageSize } from '../../lib/page-size';
import { searchNumber, searchString } from '../../lib/search-params';

/** The table state every list keeps in its URL: 1-based page, page size and sort ("id", "-id" or ""). */
export interface TableSearch {
  page: number;
  size: number;
  sort: string;
}

/** Values left out of the URL (stripSearchParams); the size default is the remembered `page-size`. */
export const TABLE_SEARCH_DEFAULTS = { page: 1, sort: '' } as const;

/** validateSearch for the table part of a route's search params. */
export function parseTableSearch(raw: { page?: unknown; size?: unknown; sort?: unknown }): TableSearch {
  return {
    page: searchNumber(raw.page, 1, { min: 1 }),
    size: searchNumber(raw.size, storedPageSize(), { min: 1, max: 100 }),
    sort: searchString(raw.sort),
  };
}

/** The next URL state; a chosen page size is remembered under `page-size` for every list. */
export function mergeTableSearch<S extends { size: number }>(search: S, next: Partial<S>): S {
  if (next.size) rememberPageSize(next.size);
  return { ...search, ...next };
}
