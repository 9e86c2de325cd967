import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http-client';
import type { Granularity, QuotaDataRow } from './usage-series';

export interface QuotaDataQuery {
  start: number;
  end: number;
  granularity: Granularity;
  /** administrators only: one user's rows instead of everyone's */
  username: string;
}

/**
 * Administrators read every user's hourly rows (or one user's); others their own, at most 30 days.
 * default_time is sent as new-api's console does (the server ignores it).
 */
const fetchQuotaData = (admin: boolean, q: QuotaDataQuery) =>
  api
    .get<QuotaDataRow[] | null>(admin ? '/api/data/' : '/api/data/self', {
      start_timestamp: q.start,
      end_timestamp: q.end,
      default_time: q.granularity,
      ...(admin ? { username: q.username } : {}),
    })
    .then((rows) => rows ?? []);

/** Persisted: offline, the dashboard shows the last loaded figures. */
export const quotaDataQuery = (admin: boolean, q: QuotaDataQuery) =>
  queryOptions({ queryKey: ['dashboard', admin ? 'all' : 'self', q], queryFn: () => fetchQuotaData(admin, q), placeholderData: keepPreviousData, meta: { persist: true } });
