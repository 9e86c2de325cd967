import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Token } from '../../../../core/contracts/token';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '../../components/ui/alert-dialog';
import { deleteToken } from './api';

/** Confirms and deletes one or many tokens (one DELETE per token). */
export function DeleteTokensDialog({ tokens, onClose, onDeleted }: { tokens: Token[]; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      for (const token of tokens) await deleteToken(token.id);
    },
    onSuccess: () => {
      toast.success(tokens.length > 1 ? t('tokens.deletedCount', { count: tokens.length }) : t('tokens.deleted'), { duration: 3000 });
      onDeleted();
    },
    onSettled: () => {
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const first = tokens[0];
  return (
    <AlertDialog open={tokens.length > 0} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('tokens.deleteConfirmTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {tokens.length === 1 && first ? t('tokens.deleteConfirmOne', { name: first.name }) : t('tokens.deleteConfirmMany', { count: tokens.length })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            data-confirm-delete
            disabled={mutation.isPending}
            onClick={(e) => {
              e.preventDefault();
              mutation.mutate();
            }}
          >
            {t('common.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
