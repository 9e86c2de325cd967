import type { TFunction } from 'i18next';
import { ImageIcon } from 'lucide-react';
import type { DrawingTask } from '../../../../core/contracts/log';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { Column } from '../../components/data-table/data-table';
import { Progress } from '../../components/ui/progress';
import { formatTimestamp } from '../../lib/time-format';
import { durationTone } from './log-view';
import { TruncatedText } from './text-preview-dialog';

const STATUS_TONES: Record<string, BadgeTone> = { SUCCESS: 'green', FAILURE: 'red', IN_PROGRESS: 'blue', SUBMITTED: 'yellow', NOT_START: 'gray', MODAL: 'violet' };
const CODE_TONES: Record<number, BadgeTone> = { 1: 'green', 21: 'blue', 22: 'orange', 0: 'yellow' };

interface Options {
  t: TFunction;
  admin: boolean;
  onCopyChannel: (id: number) => void;
  onImage: (url: string) => void;
  onText: (text: string) => void;
}

/** Drawing-log columns; times are milliseconds. */
export function drawingColumns({ t, admin, onCopyChannel, onImage, onText }: Options): Column<DrawingTask>[] {
  const label = (group: string, key: string | number) => t(`drawing.${group}.${key}`, { defaultValue: String(key || t('common.unknown')) });
  const cols: Column<DrawingTask>[] = [
    { id: 'submit', header: t('drawing.columns.submitTime'), mobile: 'title', className: 'whitespace-nowrap tabular-nums', cell: (r) => formatTimestamp(Math.floor(r.submit_time / 1000)) },
    {
      id: 'duration',
      header: t('drawing.columns.duration'),
      cell: (r) => {
        if (!r.finish_time || !r.submit_time) return '—';
        const s = (r.finish_time - r.submit_time) / 1000;
        return <Badge tone={durationTone(s)}>{s.toFixed(1)} s</Badge>;
      },
    },
    { id: 'channel', header: t('drawing.columns.channel'), cell: (r) => <button type="button" data-compact onClick={() => onCopyChannel(r.channel_id)}><Badge tone="outline">{r.channel_id}</Badge></button> },
    { id: 'action', header: t('drawing.columns.action'), cell: (r) => <Badge tone="cyan">{label('actions', r.action)}</Badge> },
    { id: 'taskId', header: t('drawing.columns.taskId'), className: 'font-mono text-xs', cell: (r) => r.mj_id || '—' },
    { id: 'code', header: t('drawing.columns.code'), cell: (r) => <Badge tone={CODE_TONES[r.code] ?? 'gray'}>{label('codes', r.code)}</Badge> },
    { id: 'status', header: t('drawing.columns.status'), cell: (r) => <Badge tone={STATUS_TONES[r.status] ?? 'gray'}>{label('statuses', r.status)}</Badge> },
    { id: 'progress', header: t('drawing.columns.progress'), className: 'min-w-24', cell: (r) => <span className="flex items-center gap-2"><Progress value={Number.parseFloat(r.progress) || 0} tone={r.status === 'FAILURE' ? 'danger' : r.status === 'SUCCESS' ? 'success' : 'primary'} className="w-16" /><span className="text-xs tabular-nums">{r.progress || '0%'}</span></span> },
    { id: 'image', header: t('drawing.columns.image'), cell: (r) => (r.image_url ? <Button size="xs" variant="outline" onClick={() => onImage(r.image_url)}><ImageIcon />{t('drawing.viewImage')}</Button> : <span className="text-muted-foreground">{t('drawing.noImage')}</span>) },
    { id: 'prompt', header: t('drawing.columns.prompt'), cell: (r) => <TruncatedText text={r.prompt} onOpen={onText} /> },
    { id: 'promptEn', header: t('drawing.columns.promptEn'), cell: (r) => <TruncatedText text={r.prompt_en} onOpen={onText} /> },
    { id: 'fail', header: t('drawing.columns.failReason'), cell: (r) => <TruncatedText text={r.fail_reason} onOpen={onText} /> },
  ];
  return admin ? cols : cols.filter((c) => c.id !== 'channel');
}
