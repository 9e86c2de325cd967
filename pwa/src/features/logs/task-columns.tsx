import type { TFunction } from 'i18next';
import type { GenericTask } from '../../../../core/contracts/log';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import type { Column } from '../../components/data-table/data-table';
import { ProgressRing } from '../../components/ui/progress';
import { formatTimestamp } from '../../lib/time-format';
import { durationTone } from './log-view';
import { TruncatedText } from './text-preview-dialog';

const STATUS_TONES: Record<string, BadgeTone> = { SUCCESS: 'green', FAILURE: 'red', IN_PROGRESS: 'blue', SUBMITTED: 'yellow', QUEUED: 'yellow', NOT_START: 'gray', UNKNOWN: 'gray', EMPTY: 'gray' };

interface Options {
  t: TFunction;
  admin: boolean;
  onRecord: (task: GenericTask) => void;
  onText: (text: string) => void;
}

/** Task-log columns; times are seconds. An empty status shows as "submitting". */
export function taskColumns({ t, admin, onRecord, onText }: Options): Column<GenericTask>[] {
  const cols: Column<GenericTask>[] = [
    { id: 'submit', header: t('tasks.columns.submitTime'), mobile: 'title', className: 'whitespace-nowrap tabular-nums', cell: (r) => formatTimestamp(r.submit_time) },
    { id: 'finish', header: t('tasks.columns.finishTime'), className: 'whitespace-nowrap tabular-nums', cell: (r) => (r.finish_time ? formatTimestamp(r.finish_time) : '—') },
    { id: 'progress', header: t('tasks.columns.progress'), cell: (r) => <span className="inline-flex items-center gap-1.5"><ProgressRing value={Number.parseFloat(r.progress) || 0} tone={r.status === 'FAILURE' ? 'danger' : r.status === 'SUCCESS' ? 'success' : 'primary'} size={24} /><span className="text-xs tabular-nums">{r.progress || '0%'}</span></span> },
    {
      id: 'duration',
      header: t('tasks.columns.duration'),
      cell: (r) => (r.finish_time && r.submit_time ? <Badge tone={durationTone(r.finish_time - r.submit_time)}>{r.finish_time - r.submit_time} s</Badge> : '—'),
    },
    { id: 'channel', header: t('tasks.columns.channel'), cell: (r) => <Badge tone="outline">{r.channel_id}</Badge> },
    { id: 'platform', header: t('tasks.columns.platform'), cell: (r) => <Badge tone="violet">{r.platform || '—'}</Badge> },
    { id: 'action', header: t('tasks.columns.action'), cell: (r) => <Badge tone="cyan">{t(`tasks.actions.${r.action}`, { defaultValue: r.action || t('common.unknown') })}</Badge> },
    { id: 'taskId', header: t('tasks.columns.taskId'), cell: (r) => <button type="button" data-compact className="font-mono text-xs text-primary hover:underline" onClick={() => onRecord(r)}>{r.task_id}</button> },
    { id: 'status', header: t('tasks.columns.status'), cell: (r) => <Badge tone={STATUS_TONES[r.status || 'EMPTY'] ?? 'gray'}>{t(`tasks.statuses.${r.status || 'EMPTY'}`, { defaultValue: r.status })}</Badge> },
    { id: 'fail', header: t('tasks.columns.failReason'), cell: (r) => <TruncatedText text={r.fail_reason} onOpen={onText} /> },
  ];
  return admin ? cols : cols.filter((c) => c.id !== 'channel');
}
