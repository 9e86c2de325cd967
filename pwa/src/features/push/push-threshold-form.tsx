import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useZodForm } from '../../components/form/use-zod-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useOnline } from '../../lib/online-status';
import { thresholdSchema } from './push-threshold-schema';
import { useSavePushThreshold } from './queries';

/** The administrator's channel-balance alert threshold in USD; an unchanged value is not sent. Keyed by the saved value. */
export function PushThresholdForm({ threshold }: { threshold: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const save = useSavePushThreshold();
  const form = useZodForm(thresholdSchema, { threshold: String(threshold) });
  const onSubmit = form.submit(async ({ channel_balance_threshold }) => {
    if (channel_balance_threshold === threshold) {
      toast.warning(t('push.threshold.unchanged'));
      return;
    }
    await save.mutateAsync(channel_balance_threshold);
    toast.success(t('common.saveSuccess'));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2 border-t pt-4">
      <Field label={t('push.threshold.label')} htmlFor="push-threshold" hint={t('push.threshold.hint')} error={form.error('threshold')}>
        <div className="flex gap-2">
          <Input id="push-threshold" inputMode="decimal" className="max-w-40" {...form.bind('threshold')} />
          <Button type="submit" variant="outline" data-push-threshold-save disabled={!online || form.pending}>
            {t('common.save')}
          </Button>
        </div>
      </Field>
    </form>
  );
}
