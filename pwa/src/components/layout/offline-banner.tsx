import { useQueryClient } from '@tanstack/react-query';
import { WifiOffIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status';
import { formatClock } from '../../lib/time-format';

/** "Offline — data from HH:MM": the oldest saved data among the lists on screen. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const client = useQueryClient();
  const oldest = useSyncExternalStore(
    (l) => client.getQueryCache().subscribe(l),
    () => {
      const times = client
        .getQueryCache()
        .findAll({ type: 'active' })
        .filter((q) => q.meta?.persist && q.state.dataUpdatedAt > 0)
        .map((q) => q.state.dataUpdatedAt);
      return times.length ? Math.min(...times) : 0;
    },
  );
  if (online) return null;
  return (
    <div role="status" data-offline-banner className="sticky top-14 z-30 flex items-center justify-center gap-2 border-b border-amber-500/30 bg-amber-500/12 px-3 py-1.5 text-center text-[13px] font-medium text-amber-900 dark:text-amber-200">
      <WifiOffIcon className="size-4 shrink-0" />
      <span>{oldest ? t('offline.banner', { time: formatClock(oldest) }) : t('offline.bannerNoData')}</span>
      <span className="hidden text-amber-800/80 sm:inline dark:text-amber-300/80">· {t('offline.writesDisabled')}</span>
    </div>
  );
}
