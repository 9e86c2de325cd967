import { useQuery } from '@tanstack/react-query';
import { ListChecksIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { DataTable } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { isAdmin, useSessionUser } from '../auth/session';
import { genericTasksQuery } from './queries';
import { TaskFilters } from './task-filters';
import { taskColumns } from './task-columns';
import { TASK_SEARCH_DEFAULTS, taskDefaultRange, type TaskSearch } from './task-search';
import { TextPreviewDialog } from './text-preview-dialog';

export function TaskLogsPage({ search, onSearchChange }: { search: TaskSearch; onSearchChange: (next: Partial<TaskSearch>) => void }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const [range] = useState(() => taskDefaultRange());
  const start = search.start || range.start;
  const end = search.end || range.end;
  const { data = [], isPending } = useQuery(genericTasksQuery(admin, { p: search.page - 1, id: search.id, channel: search.channel, start, end }));
  const [preview, setPreview] = useState<{ title: string; text: string; mono: boolean } | null>(null);
  const columns = useMemo(
    () =>
      taskColumns({
        t,
        admin,
        onRecord: (task) => setPreview({ title: t('tasks.recordTitle'), text: JSON.stringify(task, null, 2), mono: true }),
        onText: (text) => setPreview({ title: t('tasks.columns.failReason'), text, mono: false }),
      }),
    [t, admin],
  );
  return (
    <PageContainer>
      <PageHeader title={t('tasks.title')} description={t('tasks.description')} />
      <TaskFilters value={{ id: search.id, channel: search.channel, start, end }} admin={admin} onSearch={(v) => onSearchChange({ ...v, page: 1 })} onReset={() => onSearchChange(TASK_SEARCH_DEFAULTS)} />
      <div className="mt-3">
        <DataTable columns={columns} rows={data} rowKey={(r) => r.id} loading={isPending} empty={<EmptyState icon={<ListChecksIcon />} title={t('tasks.empty')} />} />
      </div>
      <Pagination page={search.page} pageSize={10} rowCount={data.length} onPageChange={(page) => onSearchChange({ page })} />
      <TextPreviewDialog text={preview?.text ?? null} title={preview?.title ?? ''} mono={preview?.mono} onClose={() => setPreview(null)} />
    </PageContainer>
  );
}
