import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Redemption } from '../../../../core/contracts/redemption';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteRedemptions } from './queries';

/** Confirms and deletes one or many codes. */
export function DeleteRedemptionsDialog({ codes, onClose, onDeleted }: { codes: Redemption[]; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRedemptions();
  const confirm = () =>
    remove.mutate(codes, {
      onSuccess: (count) => {
        toast.success(count > 1 ? t('redemptions.deletedCount', { count }) : t('redemptions.deleted'), { duration: 3000 });
        onDeleted();
      },
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      open={codes.length > 0}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={codes.length > 1 ? t('redemptions.deleteConfirmMany', { count: codes.length }) : t('redemptions.deleteConfirmOne')}
      description={t('redemptions.deleteIrreversible')}
      confirmLabel={t('common.delete')}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
