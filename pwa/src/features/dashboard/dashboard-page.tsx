import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { abbreviateNumber, formatQuota } from '../../lib/quota-format';
import { isAdmin, useSessionUser } from '../auth/session';
import { useQuotaDisplay, useSiteStatus } from '../status/queries';
import { DashboardFilters } from './dashboard-filters';
import { DASHBOARD_SEARCH_DEFAULTS, type DashboardSearch } from './dashboard-search';
import { DashboardStats } from './dashboard-stats';
import { ModelShareChart } from './model-share-chart';
import { ModelTimeChart } from './model-time-chart';
import { quotaDataQuery } from './queries';
import { asGranularity, defaultRange, usageSeries } from './usage-series';

/**
 * The data dashboard (/detail): account and period figures, consumption and calls per model over time at
 * hour/day/week granularity, and each model's share of calls. Administrators see every user (or one).
 */
export function DashboardPage({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (next: DashboardSearch) => void }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const display = useQuotaDisplay();
  const status = useSiteStatus();
  const granularity = search.granularity || asGranularity(status.data_export_default_time);
  // The default range is measured from when the page opened, so the query key does not move with the clock.
  const [openedAt] = useState(() => Date.now());
  const fallback = defaultRange(granularity, openedAt);
  const range = { start: search.start || fallback.start, end: search.end || fallback.end };
  const query = { ...range, granularity, username: admin ? search.username : '' };
  const { data = [] } = useQuery(quotaDataQuery(admin, query));
  const series = useMemo(() => usageSeries(data, range, granularity), [data, range.start, range.end, granularity]);
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.title')} description={t(admin ? 'dashboard.subtitleAdmin' : 'dashboard.subtitle')} />
      <div className="grid gap-4">
        <DashboardFilters
          value={{ ...range, granularity, username: search.username }}
          admin={admin}
          onSearch={(v) => onSearchChange({ ...v })}
          onReset={() => onSearchChange(DASHBOARD_SEARCH_DEFAULTS)}
        />
        <DashboardStats series={series} />
        <ModelTimeChart name="quota" title={t('dashboard.charts.quota')} points={series.quota} keys={series.charted} format={(v) => formatQuota(v, display)} />
        <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <ModelTimeChart name="count" title={t('dashboard.charts.count')} points={series.count} keys={series.charted} format={abbreviateNumber} />
          <ModelShareChart models={series.models} charted={series.charted} />
        </div>
      </div>
    </PageContainer>
  );
}
