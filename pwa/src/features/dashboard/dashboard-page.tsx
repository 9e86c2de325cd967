import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { api } from '../../lib/http-client';
import { abbreviateNumber, formatQuota } from '../../lib/quota-format';
import { startOfToday } from '../../lib/time-format';
import { AccountStats } from '../account/account-stats';
import { useQuotaDisplay } from '../status/queries';
import { summariseUsage, type QuotaDataRow } from './usage-summary';

const DAYS = 7;

export function DashboardPage() {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const [range] = useState(() => ({ start: startOfToday() - (DAYS - 1) * 86400, end: Math.floor(Date.now() / 1000) + 3600 }));
  const { data = [] } = useQuery({
    queryKey: ['dashboard', range],
    queryFn: async () => (await api.get<QuotaDataRow[] | null>('/api/data/self', { start_timestamp: range.start, end_timestamp: range.end })) ?? [],
    meta: { persist: true },
  });
  const summary = summariseUsage(data, range.start, DAYS);
  const peak = Math.max(1, ...summary.byDay.map((d) => d.quota));
  const totals = [
    { key: 'periodQuota', value: formatQuota(summary.totals.quota, display) },
    { key: 'periodTokens', value: abbreviateNumber(summary.totals.tokens) },
    { key: 'periodCount', value: abbreviateNumber(summary.totals.count) },
  ];
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.subtitle')} />
      <div className="grid gap-4">
        <AccountStats />
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <Card>
            <CardHeader className="flex-row items-start justify-between">
              <CardTitle>{t('dashboard.byDay')}</CardTitle>
              <div className="flex gap-4 text-right">
                {totals.map((x) => (
                  <div key={x.key}>
                    <p className="text-[11px] text-muted-foreground">{t(`dashboard.${x.key}`)}</p>
                    <p className="text-sm font-semibold tabular-nums">{x.value}</p>
                  </div>
                ))}
              </div>
            </CardHeader>
            <CardContent>
              <div className="flex h-44 items-end gap-2 border-b pb-1" data-day-chart>
                {summary.byDay.map((d) => (
                  <div key={d.day} className="group flex h-full flex-1 flex-col items-center justify-end gap-1">
                    <span className="text-[10px] text-muted-foreground opacity-0 transition group-hover:opacity-100">{formatQuota(d.quota, display)}</span>
                    <div className="w-full max-w-10 rounded-t-md bg-gradient-to-t from-primary/70 to-primary" style={{ height: `${Math.max(2, (d.quota / peak) * 100)}%` }} title={`${d.day}: ${formatQuota(d.quota, display)}`} />
                  </div>
                ))}
              </div>
              <div className="mt-1.5 flex gap-2">
                {summary.byDay.map((d) => (
                  <span key={d.day} className="flex-1 text-center text-[11px] text-muted-foreground tabular-nums">{d.day}</span>
                ))}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.byModel')}</CardTitle>
            </CardHeader>
            <CardContent>
              {summary.byModel.length === 0 ? (
                <EmptyState title={t('dashboard.empty')} className="py-8" />
              ) : (
                <ul className="grid gap-2.5">
                  {summary.byModel.slice(0, 8).map((m) => (
                    <li key={m.model} className="grid gap-1">
                      <div className="flex justify-between text-[13px]">
                        <span className="truncate font-mono">{m.model}</span>
                        <span className="tabular-nums text-muted-foreground">{abbreviateNumber(m.count)} · {formatQuota(m.quota, display)}</span>
                      </div>
                      <div className="h-1.5 overflow-hidden rounded-full bg-muted">
                        <div className="h-full rounded-full bg-primary" style={{ width: `${(m.quota / Math.max(1, summary.byModel[0]?.quota ?? 1)) * 100}%` }} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
