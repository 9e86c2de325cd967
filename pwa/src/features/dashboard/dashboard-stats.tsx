import { useQuery } from '@tanstack/react-query';
import { ActivityIcon, CoinsIcon, GaugeIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { abbreviateNumber, formatQuota } from '../../lib/quota-format';
import { selfQuery } from '../account/queries';
import { useQuotaDisplay } from '../status/queries';
import type { UsageSeries } from './usage-series';

interface Group {
  key: string;
  icon: LucideIcon;
  tone: string;
  items: { key: string; value: string | null }[];
}

/** Four groups of two figures: account, usage, consumption and throughput (new-api's dashboard cards). */
export function DashboardStats({ series }: { series: UsageSeries }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const { data: me } = useQuery(selfQuery());
  const groups: Group[] = [
    {
      key: 'account',
      icon: WalletIcon,
      tone: 'text-blue-600 bg-blue-500/10 dark:text-blue-400',
      items: [
        { key: 'balance', value: me ? formatQuota(me.quota, display) : null },
        { key: 'used', value: me ? formatQuota(me.used_quota, display) : null },
      ],
    },
    {
      key: 'usage',
      icon: ActivityIcon,
      tone: 'text-emerald-600 bg-emerald-500/10 dark:text-emerald-400',
      items: [
        { key: 'requests', value: me ? me.request_count.toLocaleString() : null },
        { key: 'count', value: series.totals.count.toLocaleString() },
      ],
    },
    {
      key: 'consumption',
      icon: CoinsIcon,
      tone: 'text-amber-600 bg-amber-500/10 dark:text-amber-400',
      items: [
        { key: 'quota', value: formatQuota(series.totals.quota, display) },
        { key: 'tokens', value: abbreviateNumber(series.totals.tokens) },
      ],
    },
    {
      key: 'performance',
      icon: GaugeIcon,
      tone: 'text-violet-600 bg-violet-500/10 dark:text-violet-400',
      items: [
        { key: 'rpm', value: series.rpm.toFixed(3) },
        { key: 'tpm', value: series.tpm.toFixed(3) },
      ],
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-dashboard-stats>
      {groups.map(({ key, icon: Icon, tone, items }) => (
        <section key={key} className="rounded-lg border bg-card p-4 shadow-xs mobile:p-3.5" aria-labelledby={`stats-${key}`}>
          <h3 id={`stats-${key}`} className="flex items-center gap-2 text-[13px] font-medium">
            <span className={`flex size-6 items-center justify-center rounded-md ${tone}`}>
              <Icon className="size-3.5" />
            </span>
            {t(`dashboard.groups.${key}`)}
          </h3>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            {items.map((item) => (
              <div key={item.key} className="min-w-0">
                <dt className="text-xs text-muted-foreground">{t(`dashboard.stats.${item.key}`)}</dt>
                <dd className="mt-0.5 truncate text-lg font-semibold tracking-tight tabular-nums" data-stat={item.key}>
                  {item.value ?? <Skeleton className="h-6 w-20" />}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
