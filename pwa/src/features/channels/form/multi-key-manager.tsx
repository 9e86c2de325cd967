import { useQuery } from '@tanstack/react-query';
import { PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHANNEL_STATUS, type KeyStatus } from '../../../../../core/contracts/channel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { useOnline } from '../../../lib/online-status';
import { formatTimestamp } from '../../../lib/time-format';
import type { KeyAction } from '../api';
import { channelStatusView } from '../channel-view';
import { keyStatusQuery, useManageKey } from '../queries';
import { FormSection } from './form-section';

const PAGE_SIZE = 10;

/**
 * The keys of a multi-key channel (previews only): each key's state with the reason and time of an automatic
 * disable, enable or disable one key, enable all, and delete the automatically disabled ones (confirmed).
 */
export function MultiKeyManager({ channelId }: { channelId: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [page, setPage] = useState(1);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { data, isPending, isError } = useQuery(keyStatusQuery(channelId, page, PAGE_SIZE));
  const manage = useManageKey();
  const run = (action: KeyAction, index?: number) =>
    manage.mutateAsync({ id: channelId, action, index }).then((message) => toast.success(message || t('common.success')));
  const busy = !online || manage.isPending;
  return (
    <FormSection title={t('channels.keys.title')} data="multi-key">
      {data ? (
        <p className="text-xs text-muted-foreground" data-key-counts>
          {t('channels.keys.counts', { enabled: data.enabled_count, manual: data.manual_disabled_count, auto: data.auto_disabled_count })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={busy || !data || data.enabled_count === data.total} onClick={() => void run('enable_all_keys')} data-keys-enable-all>
          <PowerIcon />
          {t('channels.keys.enableAll')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy || !data || data.auto_disabled_count === 0} onClick={() => setConfirmDelete(true)} data-keys-delete-disabled>
          <Trash2Icon />
          {t('channels.keys.deleteDisabled')}
        </Button>
      </div>
      {isError ? <p className="text-xs text-destructive">{t('channels.keys.loadFailed')}</p> : null}
      {isPending ? <p className="text-xs text-muted-foreground">{t('common.loading')}</p> : null}
      <ul className="divide-y rounded-md border" data-key-list>
        {data?.keys.map((key) => <KeyRow key={key.index} entry={key} disabled={busy} onAction={(action) => void run(action, key.index)} />)}
      </ul>
      {data && data.total > PAGE_SIZE ? <Pagination page={data.page} pageSize={PAGE_SIZE} total={data.total} rowCount={data.keys.length} onPageChange={setPage} /> : null}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('channels.keys.deleteDisabledConfirm', { count: data?.auto_disabled_count ?? 0 })}
        description={t('channels.deleteIrreversible')}
        destructive
        pending={manage.isPending}
        onConfirm={() => void run('delete_disabled_keys').finally(() => setConfirmDelete(false))}
      />
    </FormSection>
  );
}

function KeyRow({ entry, disabled, onAction }: { entry: KeyStatus; disabled: boolean; onAction: (action: KeyAction) => void }) {
  const { t } = useTranslation();
  const view = channelStatusView(entry.status);
  const enabled = entry.status === CHANNEL_STATUS.enabled;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-xs" data-key-index={entry.index} data-key-status={entry.status}>
      <span className="tabular-nums text-muted-foreground">#{entry.index + 1}</span>
      <code className="min-w-0 flex-1 truncate font-mono">{entry.key_preview}</code>
      <Badge tone={view.tone}>{t(view.key)}</Badge>
      <Button size="xs" variant="ghost" disabled={disabled} onClick={() => onAction(enabled ? 'disable_key' : 'enable_key')} data-key-toggle>
        {enabled ? <PowerOffIcon /> : <PowerIcon />}
        {enabled ? t('common.disable') : t('common.enable')}
      </Button>
      {!enabled && (entry.reason || entry.disabled_time) ? (
        <p className="basis-full text-muted-foreground" data-key-reason>
          {[entry.reason && t('channels.statusReason', { reason: entry.reason }), entry.disabled_time && t('channels.statusTime', { time: formatTimestamp(entry.disabled_time) })]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
    </li>
  );
}
