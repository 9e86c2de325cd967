import { useQuery } from '@tanstack/react-query';
import { ScrollTextIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { DataTable } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { isAdmin, useSessionUser } from '../auth/session';
import { useQuotaDisplay } from '../status/queries';
import { ColumnSettingsPopover } from '../../components/data-table/column-settings-popover';
import { ADMIN_LOG_COLUMNS, defaultLogColumns, LOG_COLUMN_IDS, readLogColumns, writeLogColumns, type ColumnVisibility } from './log-column-settings';
import { logColumns } from './log-columns';
import { LogDetails } from './log-details';
import { LogFilters } from './log-filters';
import { defaultLogRange, LOG_SEARCH_DEFAULTS, logServerQuery, type LogSearch } from './log-search';
import { LogStats } from './log-stats';
import { logsQuery } from './queries';
import { UserInfoDialog } from './user-info-dialog';

const TYPES = [0, 1, 2, 3, 4, 5];

export function UsageLogsPage({ search, onSearchChange }: { search: LogSearch; onSearchChange: (next: Partial<LogSearch>) => void }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const display = useQuotaDisplay();
  const [range] = useState(() => defaultLogRange());
  const query = useMemo(() => logServerQuery({ ...search, start: search.start || range.start, end: search.end || range.end }, admin), [search, range, admin]);
  const { data, isPending } = useQuery(logsQuery(admin, query));
  const [columns, setColumns] = useState<ColumnVisibility>(() => readLogColumns(admin));
  const saveColumns = (next: ColumnVisibility) => {
    setColumns(next);
    writeLogColumns(next);
  };
  const [userId, setUserId] = useState<number | null>(null);
  const tableColumns = useMemo(
    () => logColumns({ t, display, visible: columns, onUserClick: admin ? (e) => setUserId(e.user_id ?? null) : undefined }),
    [t, display, columns, admin],
  );
  const rows = data?.items ?? [];
  return (
    <PageContainer>
      <PageHeader title={t('logs.title')} description={t('logs.description')} actions={<LogStats admin={admin} query={query} />} />
      <LogFilters search={search} range={range} admin={admin} onSearch={onSearchChange} onReset={() => onSearchChange({ ...LOG_SEARCH_DEFAULTS })} />
      <div className="mt-3 mb-2 flex items-center justify-between gap-2">
        <Tabs className="min-w-0" value={String(search.type)} onValueChange={(v) => onSearchChange({ type: Number(v), page: 1 })}>
          <TabsList data-log-types>
            {TYPES.map((type) => (
              <TabsTrigger key={type} value={String(type)}>
                {t(`logs.types.${type}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <ColumnSettingsPopover
          options={LOG_COLUMN_IDS.filter((id) => admin || !ADMIN_LOG_COLUMNS.includes(id)).map((id) => ({ id, label: t(`logs.columns.${id}`) }))}
          value={columns}
          onChange={saveColumns}
          onReset={() => saveColumns(defaultLogColumns(admin))}
        />
      </div>
      <DataTable
        columns={tableColumns}
        rows={rows}
        rowKey={(r) => `${r.id}-${r.created_at}`}
        loading={isPending}
        renderExpanded={(row) => <LogDetails entry={row} display={display} />}
        empty={<EmptyState icon={<ScrollTextIcon />} title={t('logs.empty')} description={t('logs.emptyHint')} />}
      />
      <Pagination
        page={search.page}
        pageSize={search.size}
        total={data?.total ?? 0}
        rowCount={rows.length}
        onPageChange={(page) => onSearchChange({ page })}
        onPageSizeChange={(size) => onSearchChange({ size, page: 1 })}
      />
      <UserInfoDialog userId={userId} onClose={() => setUserId(null)} />
    </PageContainer>
  );
}
