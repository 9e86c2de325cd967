import { useQuery } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../../components/layout/page-header';
import { Alert } from '../../components/ui/alert';
import { DataTable } from '../../components/data-table/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { useCopy } from '../../hooks/use-copy';
import { isAdmin, useSessionUser } from '../auth/session';
import { useSiteStatus } from '../status/queries';
import { drawingColumns } from './drawing-columns';
import { drawingTasksQuery } from './queries';
import { TaskFilters } from './task-filters';
import { drawingDefaultRange, TASK_SEARCH_DEFAULTS, type TaskSearch } from './task-search';
import { TextPreviewDialog } from './text-preview-dialog';

export function DrawingLogsPage({ search, onSearchChange }: { search: TaskSearch; onSearchChange: (next: Partial<TaskSearch>) => void }) {
  const { t } = useTranslation();
  const admin = isAdmin(useSessionUser());
  const status = useSiteStatus();
  const copy = useCopy();
  const [range] = useState(() => drawingDefaultRange());
  const start = search.start || range.start;
  const end = search.end || range.end;
  // Drawing timestamps are milliseconds on the wire.
  const { data = [], isPending } = useQuery(drawingTasksQuery(admin, { p: search.page - 1, id: search.id, channel: search.channel, start: start * 1000, end: end * 1000 }));
  const [image, setImage] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const columns = useMemo(
    () => drawingColumns({ t, admin, onCopyChannel: (id) => void copy(String(id), t('drawing.copiedChannel', { id })), onImage: setImage, onText: setText }),
    [t, admin, copy],
  );
  return (
    <PageContainer>
      <PageHeader title={t('drawing.title')} description={t('drawing.description')} />
      {admin && !status.mj_notify_enabled ? (
        <Alert tone="warning" className="mb-3">
          {t('drawing.callbackDisabled')}
        </Alert>
      ) : null}
      <TaskFilters value={{ id: search.id, channel: search.channel, start, end }} admin={admin} onSearch={(v) => onSearchChange({ ...v, page: 1 })} onReset={() => onSearchChange(TASK_SEARCH_DEFAULTS)} />
      <div className="mt-3">
        <DataTable columns={columns} rows={data} rowKey={(r) => r.id} loading={isPending} empty={<EmptyState icon={<ImageIcon />} title={t('drawing.empty')} />} />
      </div>
      <Pagination page={search.page} pageSize={10} rowCount={data.length} onPageChange={(page) => onSearchChange({ page })} />
      <Dialog open={image !== null} onOpenChange={(o) => (o ? undefined : setImage(null))}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('drawing.columns.image')}</DialogTitle>
            <DialogDescription className="sr-only">{t('drawing.viewImage')}</DialogDescription>
          </DialogHeader>
          {image ? <img src={image} alt="" className="max-h-[70vh] w-full rounded-lg object-contain" /> : null}
        </DialogContent>
      </Dialog>
      <TextPreviewDialog text={text} title={t('drawing.textTitle')} onClose={() => setText(null)} />
    </PageContainer>
  );
}
