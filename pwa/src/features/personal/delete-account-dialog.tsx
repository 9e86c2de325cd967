import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { clearPersistedQueries } from '../../lib/query-persistence';
import { clearStoredUser } from '../auth/session';
import { deleteSelf } from './api';
import { deletionConfirmed } from './password-validation';

/** Deletion needs the current username typed in exactly. */
export function DeleteAccountDialog({ open, onOpenChange, username }: { open: boolean; onOpenChange: (o: boolean) => void; username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const mutation = useMutation({
    mutationFn: deleteSelf,
    onSuccess: async () => {
      toast.success(t('personal.security.deleted'));
      clearStoredUser();
      clearPersistedQueries();
      queryClient.clear();
      await navigate({ to: '/' });
    },
  });
  const submit = () => {
    if (!deletionConfirmed(typed, username)) return void toast.error(t('personal.security.deleteMismatch'));
    mutation.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle className="text-destructive">{t('personal.security.deleteTitle')}</DialogTitle>
          <DialogDescription>{t('personal.security.deleteBody', { username })}</DialogDescription>
        </DialogHeader>
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('personal.security.deletePlaceholder')} aria-label={t('personal.security.deletePlaceholder')} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={submit} disabled={mutation.isPending}>
            {t('personal.security.deleteAccount')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
