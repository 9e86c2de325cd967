import { useQuery } from '@tanstack/react-query';
import { ActivityIcon, CoinsIcon, GaugeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, formatQuota } from '../../lib/quota-format';
import { useQuotaDisplay } from '../status/queries';
import type { LogServerQuery } from './log-search';
import { logStatQuery } from './queries';

/** Badges: consumed quota (in the filtered range), RPM and TPM (last 60 s). */
export function LogStats({ admin, query }: { admin: boolean; query: LogServerQuery }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const { data } = useQuery(logStatQuery(admin, query));
  const items = [
    { key: 'quota', icon: CoinsIcon, value: formatQuota(data?.quota ?? 0, display), tone: 'text-blue-600 bg-blue-500/10 dark:text-blue-400' },
    { key: 'rpm', icon: ActivityIcon, value: abbreviateNumber(data?.rpm ?? 0), tone: 'text-emerald-600 bg-emerald-500/10 dark:text-emerald-400' },
    { key: 'tpm', icon: GaugeIcon, value: abbreviateNumber(data?.tpm ?? 0), tone: 'text-amber-600 bg-amber-500/10 dark:text-amber-400' },
  ];
  return (
    <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto" data-log-stats>
      {items.map(({ key, icon: Icon, value, tone }) => (
        <div key={key} className="flex min-w-0 items-center gap-2 rounded-lg border bg-card py-1.5 pr-3 pl-1.5 shadow-xs mobile:flex-col mobile:items-start mobile:gap-0.5 mobile:px-2.5">
          <span className={`flex size-7 items-center justify-center rounded-md mobile:hidden ${tone}`}>
            <Icon className="size-4" />
          </span>
          <span className="text-xs text-muted-foreground">{t(`logs.stats.${key}`)}</span>
          <span className="text-sm font-semibold tabular-nums">{value}</span>
        </div>
      ))}
    </div>
  );
}
