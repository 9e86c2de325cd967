import { queryInt, type ApiContext } from './api-context.js';

/**
 * Paging for users and logs (new-api): `p` is 1-based and clamped (the console sends p=0 on first
 * load), `page_size` below 0 means 10 and 0 means no rows; an optional cap for self views.
 */
export function oneBasedPaging(c: ApiContext, cap?: number): { page: number; size: number } {
  const page = Math.max(1, queryInt(c, 'p', 1));
  let size = queryInt(c, 'page_size', 10);
  if (size < 0) size = 10;
  if (cap !== undefined) size = Math.min(size, cap);
  return { page, size };
}
