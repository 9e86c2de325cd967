import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SiteStatus } from '../../../../core/contracts/status';
import { api } from '../../lib/http-client';
import { NetworkError } from '../../lib/http-errors';
import { i18n } from '../../lib/i18n';
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
  } catch (error) {
    // Offline is shown by the banner; otherwise say the server could not be reached or answered badly.
    if (navigator.onLine) toast.error(i18n.t(error instanceof NetworkError ? 'status.connectFailed' : 'status.loadFailed'), { id: 'status-load' });
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
