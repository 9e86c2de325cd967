import { CopyIcon, EllipsisIcon, ListChecksIcon, PencilIcon, PlayIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHANNEL_STATUS, type Channel } from '../../../../core/contracts/channel';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { useOnline } from '../../lib/online-status';
import { useCopyChannel, useUpdateChannel } from './queries';
import { useRunChannelTest } from './use-run-channel-test';

export interface ChannelActionHandlers {
  onEdit: (channel: Channel) => void;
  onPickTestModel: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
}

/** Test (its test model), then a menu: test with a chosen model, enable/disable, edit, copy, delete. */
export function ChannelRowActions({ channel, onEdit, onPickTestModel, onDelete }: { channel: Channel } & ChannelActionHandlers) {
  const { t } = useTranslation();
  const online = useOnline();
  const update = useUpdateChannel();
  const copy = useCopyChannel();
  const runTest = useRunChannelTest();
  const enabled = channel.status === CHANNEL_STATUS.enabled;
  const toggle = () =>
    update.mutate({ id: channel.id, status: enabled ? CHANNEL_STATUS.manuallyDisabled : CHANNEL_STATUS.enabled }, { onSuccess: () => toast.success(t('common.success')) });
  const onCopy = () =>
    copy.mutate(channel.id, {
      onSuccess: () => toast.success(t('channels.copied')),
      onError: (e) => toast.error(e instanceof Error && e.message === '渠道不存在' ? t('channels.copyMissing') : `${t('channels.copyFailed')}${e instanceof Error && e.message ? `: ${e.message}` : ''}`),
    });
  const offlineTitle = online ? undefined : t('common.offlineAction');
  return (
    <div className="flex items-center justify-end gap-1">
      <Button size="xs" variant="ghost" disabled={!online || runTest.isPending} title={offlineTitle} onClick={() => runTest.run(channel, channel.test_model ?? '')} data-test-channel>
        <PlayIcon />
        <span className="sr-only sm:not-sr-only">{t('channels.test')}</span>
      </Button>
      <Button size="xs" variant="ghost" disabled={!online} title={offlineTitle} onClick={() => onEdit(channel)} data-edit-channel>
        <PencilIcon />
        <span className="sr-only sm:not-sr-only">{t('common.edit')}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon-sm" variant="ghost" aria-label={t('common.more')} disabled={!online} title={offlineTitle} data-channel-menu>
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onPickTestModel(channel)} data-pick-test-model>
            <ListChecksIcon />
            {t('channels.testWithModel')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={toggle} disabled={update.isPending} data-toggle-channel>
            {enabled ? <PowerOffIcon /> : <PowerIcon />}
            {enabled ? t('common.disable') : t('common.enable')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onCopy} disabled={copy.isPending} data-copy-channel>
            <CopyIcon />
            {t('channels.copy')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => onDelete(channel)} data-delete-channel>
            <Trash2Icon />
            {t('common.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
