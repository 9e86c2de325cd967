import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRingIcon, TagIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Switch } from '../../components/ui/switch';
import { BusinessError } from '../../lib/http-errors';
import { useOnline } from '../../lib/online-status';
import { formatQuota } from '../../lib/quota-format';
import { selfQuery } from '../account/queries';
import { useQuotaDisplay } from '../status/queries';
import { updateUserSetting } from './api';
import { notifyFormFromSetting, notifyFormToSetting, THRESHOLD_PRESETS, type NotifyForm } from './notify-settings-state';

export function NotifySettingsForm() {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const online = useOnline();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(selfQuery());
  const [form, setForm] = useState<NotifyForm>(() => notifyFormFromSetting(user?.setting));
  useEffect(() => {
    setForm(notifyFormFromSetting(user?.setting));
  }, [user?.setting]);
  const set = <K extends keyof NotifyForm>(key: K, value: NotifyForm[K]) => setForm({ ...form, [key]: value });
  const mutation = useMutation({
    mutationFn: async () => {
      const res = await updateUserSetting(notifyFormToSetting(form));
      if (!res.success) throw new BusinessError(res.message ?? '');
      return res.message;
    },
    onSuccess: (message) => {
      toast.success(message || t('personal.notify.saved'));
      void queryClient.invalidateQueries({ queryKey: ['user', 'self'] });
    },
  });
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BellRingIcon className="size-4 text-primary" />
            {t('personal.notify.title')}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t('personal.notify.type')}>
            <RadioGroup value={form.notify_type} onValueChange={(v) => set('notify_type', v as NotifyForm['notify_type'])} className="flex gap-5">
              {(['email', 'webhook'] as const).map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <RadioGroupItem value={type} />
                  {t(`personal.notify.${type}`)}
                </label>
              ))}
            </RadioGroup>
          </Field>
          <Field label={t('personal.notify.threshold')} hint={t('personal.notify.thresholdHint')} htmlFor="notify-threshold">
            <Input id="notify-threshold" type="number" min={1} value={form.quota_warning_threshold} onChange={(e) => set('quota_warning_threshold', e.target.value)} className="max-w-60" />
            <div className="flex flex-wrap gap-1.5">
              {THRESHOLD_PRESETS.map((p) => (
                <Button key={p} type="button" size="xs" variant="outline" className="rounded-full" data-compact onClick={() => set('quota_warning_threshold', String(p))}>
                  {p.toLocaleString()} ({formatQuota(p, { ...display, displayInCurrency: true })})
                </Button>
              ))}
            </div>
          </Field>
          {form.notify_type === 'email' ? (
            <Field label={t('personal.notify.notificationEmail')} htmlFor="notify-email">
              <Input id="notify-email" type="email" value={form.notification_email} onChange={(e) => set('notification_email', e.target.value)} placeholder={t('personal.notify.notificationEmailPlaceholder')} />
            </Field>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('personal.notify.webhookUrl')} htmlFor="notify-url">
                <Input id="notify-url" value={form.webhook_url} onChange={(e) => set('webhook_url', e.target.value)} placeholder={t('personal.notify.webhookUrlPlaceholder')} />
              </Field>
              <Field label={t('personal.notify.webhookSecret')} htmlFor="notify-secret">
                <Input id="notify-secret" type="password" autoComplete="off" value={form.webhook_secret} onChange={(e) => set('webhook_secret', e.target.value)} placeholder={t('personal.notify.webhookSecretPlaceholder')} />
              </Field>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <TagIcon className="size-4 text-primary" />
            {t('personal.notify.priceTitle')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <label className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <span>
              <span className="block text-sm font-medium">{t('personal.notify.acceptUnset')}</span>
              <span className="block text-xs text-muted-foreground">{t('personal.notify.acceptUnsetHint')}</span>
            </span>
            <Switch checked={form.accept_unset_model_ratio_model} onCheckedChange={(v) => set('accept_unset_model_ratio_model', v)} />
          </label>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button onClick={() => mutation.mutate()} disabled={mutation.isPending || !online} title={online ? undefined : t('common.offlineAction')}>
          {t('personal.notify.save')}
        </Button>
      </div>
    </div>
  );
}
