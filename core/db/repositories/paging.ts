/**
 * new-api's zero-based paging (channels, tokens, drawings, tasks): offset = p × page_size; a negative `p` is
 * the first page, a negative `page_size` means the default and 0 means no rows. `max` caps the page.
 */
export function zeroBasedPage(p: number, pageSize: number, defaultSize = 10, max = Number.MAX_SAFE_INTEGER): { offset: number; limit: number } {
  const limit = Math.min(pageSize < 0 ? defaultSize : pageSize, max);
  return { offset: Math.max(0, p) * limit, limit };
}
