import { useQuery } from '@tanstack/react-query';
import { ActivityIcon, TrendingDownIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { formatQuota } from '../../lib/quota-format';
import { useQuotaDisplay } from '../status/queries';
import { selfQuery } from './queries';

/** Balance, historical consumption and request count. */
export function AccountStats() {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const { data } = useQuery(selfQuery());
  const items = [
    { key: 'balance', icon: WalletIcon, value: data ? formatQuota(data.quota, display) : null, accent: 'from-blue-600 to-indigo-700 text-white', primary: true },
    { key: 'used', icon: TrendingDownIcon, value: data ? formatQuota(data.used_quota, display) : null, accent: '' },
    { key: 'requests', icon: ActivityIcon, value: data ? data.request_count.toLocaleString() : null, accent: '' },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-account-stats>
      {items.map(({ key, icon: Icon, value, accent, primary }) => (
        <div key={key} className={`relative overflow-hidden rounded-xl border p-4 shadow-xs mobile:p-3.5 ${primary ? `col-span-2 bg-gradient-to-br sm:col-span-1 ${accent} border-transparent` : 'bg-card'}`}>
          <div className={`flex items-center gap-2 text-[13px] ${primary ? 'text-white/80' : 'text-muted-foreground'}`}>
            <Icon className="size-4" />
            {t(`personal.stats.${key}`)}
          </div>
          <div className={`mt-2 font-semibold tracking-tight tabular-nums ${primary ? 'text-2xl' : 'text-2xl mobile:text-xl'}`} data-stat={key}>
            {value ?? <Skeleton className={`h-8 w-28 ${primary ? 'bg-white/20' : ''}`} />}
          </div>
          {primary ? <Icon aria-hidden className="absolute -right-3 -bottom-4 size-24 text-white/10" /> : null}
        </div>
      ))}
    </div>
  );
}
