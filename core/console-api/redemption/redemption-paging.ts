export interface RedemptionPage {
  /** echoed back as `page` */
  page: number;
  pageSize: number;
  offset: number;
}

/**
 * new-api's redemption paging (spec console-api.md §6): p < 0 is 0, page_size < 1 is 10, offset is
 * (p − 1) × size and a negative offset is ignored — so p=0 and p=1 both give the first page.
 */
export function redemptionPage(p: number, pageSize: number): RedemptionPage {
  const page = Math.max(0, p);
  const size = pageSize < 1 ? 10 : pageSize;
  return { page, pageSize: size, offset: Math.max(0, (page - 1) * size) };
}
