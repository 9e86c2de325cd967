import type { TFunction } from 'i18next';
import type { Channel } from '../../../../core/contracts/channel';
import { splitNames } from '../../../../core/contracts/channel';
import { channelTypeOf } from '../../../../core/contracts/channel-types';
import type { Column } from '../../components/data-table/data-table';
import { Badge } from '../../components/ui/badge';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { BalanceCell, ChannelIdTag, ChannelNumberCell, ChannelStatusCell, ResponseTimeCell } from './channel-cells';
import { ChannelRowActions, type ChannelActionHandlers } from './channel-row-actions';

export const CHANNEL_COLUMN_IDS = ['id', 'name', 'group', 'type', 'status', 'responseTime', 'balance', 'priority', 'weight', 'tag', 'actions'] as const;
export type ChannelColumnId = (typeof CHANNEL_COLUMN_IDS)[number];

interface Options extends ChannelActionHandlers {
  t: TFunction;
  language: string;
  display: QuotaDisplay;
}

export const channelTypeLabel = (type: number, language: string) => {
  const option = channelTypeOf(type);
  return option ? (language.startsWith('zh') ? option.label.zh : option.label.en) : String(type);
};

export function channelColumns({ t, language, display, ...handlers }: Options): Column<Channel>[] {
  const columns: (Column<Channel> & { id: ChannelColumnId })[] = [
    { id: 'id', header: 'ID', sortValue: (c) => c.id, cell: (c) => <ChannelIdTag id={c.id} /> },
    {
      id: 'name',
      header: t('channels.columns.name'),
      mobile: 'title',
      sortValue: (c) => c.name,
      cell: (c) => (
        <span className="grid leading-tight">
          <span className="font-medium" data-channel-name>
            {c.name}
          </span>
          {c.remark ? <span className="text-xs text-muted-foreground">{c.remark}</span> : null}
        </span>
      ),
    },
    {
      id: 'group',
      header: t('channels.columns.group'),
      cell: (c) => (
        <span className="flex flex-wrap gap-1">
          {splitNames(c.group).map((g) => (
            <Badge key={g} tone="outline">
              {g}
            </Badge>
          ))}
        </span>
      ),
    },
    { id: 'type', header: t('channels.columns.type'), className: 'whitespace-nowrap', cell: (c) => channelTypeLabel(c.type, language) },
    { id: 'status', header: t('channels.columns.status'), cell: (c) => <ChannelStatusCell channel={c} /> },
    { id: 'responseTime', header: t('channels.columns.responseTime'), sortValue: (c) => c.response_time, cell: (c) => <ResponseTimeCell ms={c.response_time} /> },
    { id: 'balance', header: t('channels.columns.balance'), cell: (c) => <BalanceCell channel={c} usedText={formatQuota(c.used_quota, display)} /> },
    { id: 'priority', header: t('channels.columns.priority'), sortValue: (c) => c.priority ?? 0, cell: (c) => <ChannelNumberCell channel={c} field="priority" /> },
    { id: 'weight', header: t('channels.columns.weight'), sortValue: (c) => c.weight, cell: (c) => <ChannelNumberCell channel={c} field="weight" /> },
    { id: 'tag', header: t('channels.columns.tag'), cell: (c) => (c.tag ? <Badge tone="violet">{c.tag}</Badge> : null) },
    { id: 'actions', header: <span className="sr-only">{t('common.actions')}</span>, align: 'right', mobile: 'footer', cell: (c) => <ChannelRowActions channel={c} {...handlers} /> },
  ];
  return columns;
}
