import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteStatus } from '../../../../core/contracts/status';
import { api } from '../../lib/http-client';
import type { QuotaDisplay } from '../../lib/quota-format';
import { defaultStatus } from './default-status';
import { getStoredStatus, storeStatus } from './status-store';

async function fetchStatus(): Promise<SiteStatus> {
  const status = { ...defaultStatus, ...(await api.get<SiteStatus>('/api/status')) };
  storeStatus(status);
  return status;
}

export const statusQuery = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: fetchStatus,
    staleTime: 60_000,
    meta: { silent: true },
  });

/** For route guards: the server's answer, or the stored one when the server cannot be reached. */
export async function loadStatus(client: QueryClient): Promise<SiteStatus> {
  try {
    return await client.ensureQueryData(statusQuery());
  } catch {
    return getStoredStatus() ?? defaultStatus;
  }
}

export function useSiteStatus(): SiteStatus {
  const { data } = useQuery({ ...statusQuery(), placeholderData: () => getStoredStatus() ?? undefined });
  return data ?? getStoredStatus() ?? defaultStatus;
}

export function useQuotaDisplay(): QuotaDisplay {
  const status = useSiteStatus();
  return { displayInCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit || 500000 };
}
