import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { BusinessError } from '../../lib/http-errors';
import { currencyToQuota, formatQuota } from '../../lib/quota-format';
import { useQuotaDisplay } from '../status/queries';
import { transferAffQuota } from './api';

/** Moves referral earnings to the balance; at least one currency unit (QuotaPerUnit). */
export function AffTransferDialog({ open, onOpenChange, available }: { open: boolean; onOpenChange: (o: boolean) => void; available: number }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const queryClient = useQueryClient();
  const [raw, setRaw] = useState('');
  const quota = display.displayInCurrency ? currencyToQuota(Number(raw) || 0, display.quotaPerUnit) : Math.floor(Number(raw) || 0);
  const minimum = display.quotaPerUnit;
  const mutation = useMutation({
    mutationFn: async () => {
      const res = await transferAffQuota(quota);
      if (!res.success) throw new BusinessError(res.message ?? '');
      return res.message;
    },
    onSuccess: (message) => {
      toast.success(message || t('common.success'));
      onOpenChange(false);
      void queryClient.invalidateQueries({ queryKey: ['user', 'self'] });
    },
  });
  const submit = () => {
    if (quota < minimum) return void toast.error(t('personal.invite.transferMin', { amount: formatQuota(minimum, display) }));
    mutation.mutate();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('personal.invite.transferTitle')}</DialogTitle>
          <DialogDescription>{t('personal.invite.transferAvailable', { amount: formatQuota(available, display) })}</DialogDescription>
        </DialogHeader>
        <Input type="number" min={0} step="any" value={raw} onChange={(e) => setRaw(e.target.value)} placeholder={t('personal.invite.transferMin', { amount: formatQuota(minimum, display) })} aria-label={t('personal.invite.transferAmount')} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={mutation.isPending}>
            {t('personal.invite.transferSubmit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
