import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { LogEntry } from '../../../../core/contracts/log';
import { Badge } from '../../components/ui/badge';
import type { Column } from '../../components/data-table/data-table';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/time-format';
import type { ColumnVisibility, LogColumnId } from './log-column-settings';
import { firstTokenTone, logTypeView, parseLogOther, showsModelCells, useTimeTone } from './log-view';

interface Options {
  t: TFunction;
  display: QuotaDisplay;
  visible: ColumnVisibility;
  onUserClick?: (entry: LogEntry) => void;
}

const dash = <span className="text-muted-foreground">—</span>;

export function logColumns({ t, display, visible, onUserClick }: Options): Column<LogEntry>[] {
  const model = (row: LogEntry, node: ReactNode) => (showsModelCells(row.type) ? node : dash);
  const all: (Column<LogEntry> & { id: LogColumnId })[] = [
    { id: 'time', header: t('logs.columns.time'), mobile: 'title', className: 'whitespace-nowrap tabular-nums', cell: (r) => formatTimestamp(r.created_at) },
    { id: 'channel', header: t('logs.columns.channel'), cell: (r) => model(r, <Badge tone="outline" title={r.channel_name}>{r.channel}</Badge>) },
    {
      id: 'username',
      header: t('logs.columns.username'),
      cell: (r) =>
        onUserClick && r.user_id ? (
          <button type="button" data-compact className="font-medium text-primary hover:underline" onClick={(e) => (e.stopPropagation(), onUserClick(r))}>
            {r.username}
          </button>
        ) : (
          r.username
        ),
    },
    { id: 'token', header: t('logs.columns.token'), cell: (r) => model(r, r.token_name ? <Badge tone="gray">{r.token_name}</Badge> : dash) },
    { id: 'group', header: t('logs.columns.group'), cell: (r) => model(r, r.group ? <Badge tone="outline">{r.group}</Badge> : dash) },
    { id: 'type', header: t('logs.columns.type'), cell: (r) => <Badge tone={logTypeView(r.type).tone}>{t(logTypeView(r.type).key)}</Badge> },
    { id: 'model', header: t('logs.columns.model'), cell: (r) => model(r, r.model_name ? <Badge tone="blue" className="max-w-48 truncate">{r.model_name}</Badge> : dash) },
    {
      id: 'useTime',
      header: t('logs.columns.useTime'),
      className: 'whitespace-nowrap',
      cell: (r) => {
        if (!showsModelCells(r.type)) return dash;
        const frt = parseLogOther(r.other).frt;
        return (
          <span className="inline-flex items-center gap-1">
            <Badge tone={useTimeTone(r.use_time)}>{r.use_time} s</Badge>
            {r.is_stream && frt && frt > 0 ? <Badge tone={firstTokenTone(frt / 1000)}>{(frt / 1000).toFixed(1)} s</Badge> : null}
            <Badge tone={r.is_stream ? 'cyan' : 'gray'}>{r.is_stream ? t('logs.stream') : t('logs.nonStream')}</Badge>
          </span>
        );
      },
    },
    { id: 'prompt', header: t('logs.columns.prompt'), align: 'right', className: 'tabular-nums', cell: (r) => (showsModelCells(r.type) ? r.prompt_tokens : dash) },
    { id: 'completion', header: t('logs.columns.completion'), align: 'right', className: 'tabular-nums', cell: (r) => (showsModelCells(r.type) ? r.completion_tokens : dash) },
    { id: 'quota', header: t('logs.columns.quota'), align: 'right', className: 'tabular-nums font-medium', cell: (r) => (r.quota ? formatQuota(r.quota, display, 6) : dash) },
    {
      id: 'retry',
      header: t('logs.columns.retry'),
      cell: (r) => {
        const used = parseLogOther(r.other).admin_info?.use_channel;
        return used && used.length > 1 ? <span className="font-mono text-xs">{used.join(' → ')}</span> : dash;
      },
    },
    { id: 'details', header: t('logs.columns.details'), className: 'min-w-[180px] max-w-[320px]', cell: (r) => <span className="line-clamp-2 text-xs text-muted-foreground">{r.content || '—'}</span> },
  ];
  return all.filter((c) => visible[c.id]);
}
