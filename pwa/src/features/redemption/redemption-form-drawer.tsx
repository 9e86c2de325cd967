import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REDEMPTION_BATCH_MAX, type Redemption } from '../../../../core/contracts/redemption';
import { FormSheet } from '../../components/form/form-sheet';
import { QuotaField } from '../../components/form/quota-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useQuotaDisplay } from '../status/queries';
import { useCreateRedemptions, useUpdateRedemption } from './queries';
import { defaultRedemptionForm, redemptionFormSchema, redemptionToForm } from './redemption-form-schema';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a batch. */
  code: Redemption | null;
  /** Called with the new keys and the batch name after a create. */
  onCreated: (keys: string[], name: string) => void;
}

/** Create a batch of codes (name, quota, count) or edit an unused code's name and quota. */
export function RedemptionFormDrawer({ open, onOpenChange, code, onCreated }: Props) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const creating = code === null;
  const form = useZodForm(redemptionFormSchema(display, creating), defaultRedemptionForm());
  const create = useCreateRedemptions();
  const update = useUpdateRedemption();
  useEffect(() => {
    if (open) form.reset(code ? redemptionToForm(code) : defaultRedemptionForm());
  }, [open, code]);

  const submit = form.submit(async (body) => {
    if (code) {
      await update.mutateAsync({ id: code.id, name: body.name, quota: body.quota });
      toast.success(t('redemptions.form.updated'));
    } else {
      const keys = await create.mutateAsync(body);
      toast.success(t('redemptions.form.created'));
      onCreated(keys ?? [], body.name);
    }
    onOpenChange(false);
  });
  return (
    <FormSheet
      open={open}
      onOpenChange={onOpenChange}
      title={creating ? t('redemptions.form.createTitle') : t('redemptions.form.editTitle')}
      description={creating ? t('redemptions.form.createDescription', { max: REDEMPTION_BATCH_MAX }) : t('redemptions.form.editDescription')}
      onSubmit={submit}
      pending={form.pending}
      data={{ 'data-redemption-drawer': '' }}
    >
      <Field label={t('redemptions.form.name')} htmlFor="redemption-name" required={!creating} hint={creating ? t('redemptions.form.nameHint') : undefined} error={form.error('name')}>
        <Input id="redemption-name" {...form.bind('name')} placeholder={t('redemptions.form.namePlaceholder')} autoComplete="off" />
      </Field>
      <QuotaField id="redemption-quota" label={t('redemptions.form.quota')} value={form.values.quota} onChange={(v) => form.set('quota', v)} error={form.error('quota')} display={display} />
      {creating ? (
        <Field label={t('redemptions.form.count')} htmlFor="redemption-count" error={form.error('count')}>
          <Input id="redemption-count" type="number" inputMode="numeric" min={1} max={REDEMPTION_BATCH_MAX} {...form.bind('count')} className="w-32" />
        </Field>
      ) : null}
    </FormSheet>
  );
}
