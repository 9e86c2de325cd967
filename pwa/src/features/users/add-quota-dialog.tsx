import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/form-dialog';
import { useZodForm } from '../../components/form/use-zod-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { addQuotaSchema } from './user-form-schemas';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The quota in the edit form now. */
  quota: number;
  display: QuotaDisplay;
  /** Receives old + addition; the edit form saves it. */
  onApply: (quota: number) => void;
}

/** Adds to (or, with a negative amount, takes from) the quota in the edit form, previewing old + addition. */
export function AddQuotaDialog({ open, onOpenChange, quota, display, onApply }: Props) {
  const { t } = useTranslation();
  const form = useZodForm(addQuotaSchema, { amount: '' });
  useEffect(() => {
    if (open) form.reset({ amount: '' });
  }, [open]);
  const addition = /^-?\d+$/.test(form.values.amount.trim()) ? Number(form.values.amount) : null;
  const preview =
    addition === null
      ? formatQuota(quota, display)
      : t('users.addQuota.preview', { old: formatQuota(quota, display), addition: formatQuota(addition, display), total: formatQuota(quota + addition, display) });
  const submit = form.submit(async (amount) => {
    onApply(quota + amount);
    onOpenChange(false);
  });
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('users.addQuota.title')} description={t('users.addQuota.description')} onSubmit={submit} submitLabel={t('common.confirm')} data={{ 'data-add-quota-dialog': '' }}>
      <p className="rounded-md bg-muted/60 px-3 py-2 text-sm tabular-nums" data-quota-preview>
        {t('users.addQuota.newQuota')}
        {preview}
      </p>
      <Field label={t('users.addQuota.amount')} htmlFor="add-quota-amount" error={form.error('amount')}>
        <Input id="add-quota-amount" type="number" inputMode="numeric" step={1} autoFocus {...form.bind('amount')} placeholder={t('users.addQuota.placeholder')} />
      </Field>
    </FormDialog>
  );
}
