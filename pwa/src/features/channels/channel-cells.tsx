import { RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Channel } from '../../../../core/contracts/channel';
import { InlineEditCell } from '../../components/data-table/inline-edit-cell';
import { Badge } from '../../components/ui/badge';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/class-names';
import { useOnline } from '../../lib/online-status';
import { formatCurrency } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/time-format';
import { autoDisabledInfo, channelColour, channelStatusView, parsePriority, parseWeight, RESPONSE_TIME_CLASS, responseTimeTone } from './channel-view';
import { useRefreshBalance, useUpdateChannel } from './queries';

/** The id as a colour tag (15 colours by id). */
export function ChannelIdTag({ id }: { id: number }) {
  return <span className={cn('rounded-md px-1.5 py-0.5 text-xs font-medium tabular-nums', channelColour(id))}>{id}</span>;
}

/** Status badge; an automatic disable explains itself (reason and time) in a tooltip. */
export function ChannelStatusCell({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const view = channelStatusView(channel.status);
  const badge = (
    <Badge tone={view.tone} data-channel-status={channel.status}>
      {t(view.key)}
    </Badge>
  );
  const info = channel.status === 3 ? autoDisabledInfo(channel.other_info) : null;
  if (!info) return badge;
  const text = [info.reason && t('channels.statusReason', { reason: info.reason }), info.time && t('channels.statusTime', { time: formatTimestamp(info.time) })].filter(Boolean).join('\n');
  return (
    <Tooltip content={<span className="whitespace-pre-line">{text}</span>}>
      <span tabIndex={0}>{badge}</span>
    </Tooltip>
  );
}

export function ResponseTimeCell({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const tone = responseTimeTone(ms);
  return <span className={cn('tabular-nums whitespace-nowrap', RESPONSE_TIME_CLASS[tone])}>{tone === 'untested' ? t('channels.untested') : t('channels.seconds', { value: (ms / 1000).toFixed(2) })}</span>;
}

/** Used quota and the remaining balance; clicking the balance asks the upstream again. */
export function BalanceCell({ channel, usedText }: { channel: Channel; usedText: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const refresh = useRefreshBalance();
  const onRefresh = () =>
    refresh.mutate(channel.id, {
      onSuccess: (balance) => toast.success(t('channels.balanceUpdated', { balance: formatCurrency(balance) })),
    });
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      <Tooltip content={t('channels.usedQuota')}>
        <Badge tone="outline">{usedText}</Badge>
      </Tooltip>
      <Tooltip content={t('channels.refreshBalance')}>
        <button type="button" disabled={!online || refresh.isPending} onClick={onRefresh} className="inline-flex items-center gap-1 rounded-md px-1 text-xs tabular-nums hover:bg-accent disabled:opacity-60" data-refresh-balance>
          {formatCurrency(channel.balance)}
          <RefreshCwIcon className={cn('size-3', refresh.isPending && 'animate-spin')} />
        </button>
      </Tooltip>
    </span>
  );
}

/** Priority or weight edited in place with the list's limits. */
export function ChannelNumberCell({ channel, field }: { channel: Channel; field: 'priority' | 'weight' }) {
  const { t } = useTranslation();
  const online = useOnline();
  const update = useUpdateChannel();
  const parse = field === 'priority' ? parsePriority : parseWeight;
  const value = field === 'priority' ? (channel.priority ?? 0) : channel.weight;
  return (
    <InlineEditCell
      value={value}
      label={t(`channels.columns.${field}`)}
      inputMode="numeric"
      disabled={!online}
      validate={(next) => parse(next) !== null}
      onCommit={(next) =>
        update.mutateAsync({ id: channel.id, [field]: parse(next) ?? 0 }, { onSuccess: () => toast.success(t('common.updateSuccess')) })
      }
    />
  );
}
