import { useMutation, useQuery } from '@tanstack/react-query';
import { CreditCardIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { isStandalone } from '../../lib/install-prompt';
import { useOnline } from '../../lib/online-status';
import { useQuotaDisplay, useSiteStatus } from '../status/queries';
import { createPayment, quoteAmount, submitPaymentForm } from './api';
import { normaliseTopupAmount, topupMinimum } from './topup-amount';

const PRESETS = [10, 20, 50, 100, 200, 500];

/** Amount with a live price quote; pay by Alipay or WeChat through the configured EPay gateway. */
export function OnlineTopupCard() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const display = useQuotaDisplay();
  const online = useOnline();
  const min = topupMinimum(status.min_topup, display.displayInCurrency, display.quotaPerUnit);
  const [raw, setRaw] = useState(String(min));
  const [debounced, setDebounced] = useState(raw);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(raw), 400);
    return () => clearTimeout(timer);
  }, [raw]);
  const { amount, belowMinimum } = normaliseTopupAmount(debounced, min);
  const quote = useQuery({
    queryKey: ['topup', 'quote', amount],
    queryFn: () => quoteAmount(amount),
    enabled: status.enable_online_topup && !belowMinimum && online,
    retry: false,
    meta: { silent: true },
  });
  const pay = useMutation({
    mutationFn: (method: 'zfb' | 'wx') => createPayment(amount, method),
    onSuccess: ({ url, params }) => {
      toast.info(t('topup.paying'));
      submitPaymentForm(url, params, !isStandalone());
    },
  });
  const start = (method: 'zfb' | 'wx') => {
    if (!status.enable_online_topup) return void toast.error(t('topup.onlineDisabled'));
    const checked = normaliseTopupAmount(raw, min);
    if (checked.belowMinimum) return void toast.error(t('topup.minAmount', { min }));
    setRaw(String(checked.amount));
    pay.mutate(method);
  };
  const unit = display.displayInCurrency ? '$' : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCardIcon className="size-4 text-primary" />
          {t('topup.onlineTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.enable_online_topup ? null : <Alert tone="neutral">{t('topup.onlineDisabled')}</Alert>}
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {PRESETS.map((p) => (
            <Button key={p} type="button" variant={Number(raw) === p ? 'default' : 'outline'} size="sm" onClick={() => setRaw(String(p))} disabled={!status.enable_online_topup}>
              {unit}
              {p}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label className="grid min-w-40 flex-1 gap-1 text-[13px] font-medium">
            {t('topup.amount')}
            <Input type="number" min={1} step={1} inputMode="numeric" value={raw} onChange={(e) => setRaw(e.target.value)} disabled={!status.enable_online_topup} />
            <span className="text-xs font-normal text-muted-foreground">{t('topup.amountHint', { min: `${unit}${min}` })}</span>
          </label>
          <div className="min-w-32 rounded-lg bg-muted/60 px-3 py-2">
            <p className="text-xs text-muted-foreground">{t('topup.payable')}</p>
            <p className="text-lg font-semibold tabular-nums" data-payable>
              {!status.enable_online_topup ? '—' : belowMinimum ? t('topup.minAmount', { min }) : quote.isFetching ? t('topup.quoting') : quote.data ? t('topup.payableUnit', { money: quote.data }) : quote.error ? quote.error.message || t('topup.requestFailed') : '—'}
            </p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => start('zfb')} disabled={pay.isPending || !online} className="bg-[#1677ff] text-white hover:bg-[#1677ff]/90">
            {t('topup.alipay')}
          </Button>
          <Button onClick={() => start('wx')} disabled={pay.isPending || !online} className="bg-[#07c160] text-white hover:bg-[#07c160]/90">
            {t('topup.wechat')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
