import type { Granularity } from './usage-series';

/** /detail URL state. Times are unix seconds; 0 means the default range of the granularity ('' = the site default). */
export interface DashboardSearch {
  start: number;
  end: number;
  granularity: Granularity | '';
  username: string;
}

export const DASHBOARD_SEARCH_DEFAULTS: DashboardSearch = { start: 0, end: 0, granularity: '', username: '' };
