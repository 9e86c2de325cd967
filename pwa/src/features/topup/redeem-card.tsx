import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLinkIcon, TicketIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useOnline } from '../../lib/online-status';
import { formatQuota } from '../../lib/quota-format';
import { useQuotaDisplay, useSiteStatus } from '../status/queries';
import { redeemCode } from './api';

export function RedeemCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const display = useQuotaDisplay();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: () => redeemCode(code.trim()),
    onSuccess: (quota) => {
      toast.success(t('topup.redeemSuccess'), { description: t('topup.redeemedAmount', { amount: formatQuota(quota ?? 0, display) }) });
      setCode('');
      void queryClient.invalidateQueries({ queryKey: ['user', 'self'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return void toast.error(t('topup.redeemRequired'));
    mutation.mutate();
  };
  const buy = () => (status.top_up_link ? window.open(status.top_up_link, '_blank', 'noopener') : toast.error(t('topup.noTopUpLink')));
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2">
          <TicketIcon className="size-4 text-primary" />
          {t('topup.redeemTitle')}
        </CardTitle>
        <Button variant="link" size="xs" className="h-auto px-0" onClick={buy}>
          {t('topup.buyCode')}
          <ExternalLinkIcon />
        </Button>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex gap-2">
          <Input value={code} onChange={(e) => setCode(e.target.value)} placeholder={t('topup.redeemPlaceholder')} aria-label={t('topup.redeemPlaceholder')} className="font-mono" />
          <Button type="submit" disabled={mutation.isPending || !online} title={online ? undefined : t('common.offlineAction')}>
            {t('topup.redeem')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
