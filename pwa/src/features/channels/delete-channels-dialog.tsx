import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Channel } from '../../../../core/contracts/channel';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteChannel, useDeleteChannels } from './queries';

/** Confirms and deletes one channel, or the selected ones in one batch call. */
export function DeleteChannelsDialog({ channels, onClose, onDeleted }: { channels: Channel[]; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const removeOne = useDeleteChannel();
  const removeMany = useDeleteChannels();
  const done = { onSuccess: () => (toast.success(t('channels.deleted'), { duration: 3000 }), onDeleted()), onSettled: onClose };
  const confirm = () => (channels.length === 1 ? removeOne.mutate(channels[0]!.id, done) : removeMany.mutate(channels.map((c) => c.id), done));
  return (
    <ConfirmDialog
      open={channels.length > 0}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={channels.length > 1 ? t('channels.deleteConfirmMany', { count: channels.length }) : t('channels.deleteConfirmOne', { name: channels[0]?.name ?? '' })}
      description={t('channels.deleteIrreversible')}
      confirmLabel={t('common.delete')}
      destructive
      pending={removeOne.isPending || removeMany.isPending}
      onConfirm={confirm}
    />
  );
}
