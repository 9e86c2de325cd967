import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormDialog } from '../../../../components/form/form-dialog';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../../../components/ui/radio-group';
import { fillError, type Fill, type FillType } from './unset-models';

const TYPES: FillType[] = ['price', 'ratio', 'completionRatio', 'bothRatio'];
const EMPTY: Fill = { type: 'ratio', value: '', ratio: '', completionRatio: '' };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedCount: number;
  onFill: (fill: Fill) => void;
}

/** One value (or both ratios) for every selected model without a price. */
export function BatchFillDialog({ open, onOpenChange, selectedCount, onFill }: Props) {
  const { t } = useTranslation();
  const [fill, setFill] = useState(EMPTY);
  useEffect(() => {
    if (open) setFill(EMPTY);
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = fillError(fill, selectedCount);
    if (error) {
      toast.error(t(error));
      return;
    }
    onFill(fill);
    onOpenChange(false);
    toast.success(t('settings.unset.filled', { count: selectedCount, type: t(`settings.unset.types.${fill.type}`) }), { duration: 3000 });
  };
  const input = (id: 'value' | 'ratio' | 'completionRatio', label: string) => (
    <Field label={label} htmlFor={`batch-fill-${id}`}>
      <Input id={`batch-fill-${id}`} inputMode="decimal" value={fill[id]} onChange={(e) => setFill({ ...fill, [id]: e.target.value })} />
    </Field>
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.unset.batchTitle')}
      description={t('settings.unset.batchHint', { count: selectedCount })}
      onSubmit={submit}
      submitLabel={t('common.confirm')}
      data={{ 'data-batch-fill-dialog': '' }}
    >
      <RadioGroup value={fill.type} onValueChange={(type) => setFill({ ...EMPTY, type: type as FillType })} className="grid gap-2.5 sm:grid-cols-2">
        {TYPES.map((type) => (
          <Label key={type} className="flex cursor-pointer items-center gap-2 font-normal">
            <RadioGroupItem value={type} />
            {t(`settings.unset.types.${type}`)}
          </Label>
        ))}
      </RadioGroup>
      {fill.type === 'bothRatio' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {input('ratio', t('settings.ratio.columns.ratio'))}
          {input('completionRatio', t('settings.ratio.columns.completionRatio'))}
        </div>
      ) : (
        input('value', t(`settings.unset.types.${fill.type}`))
      )}
    </FormDialog>
  );
}
