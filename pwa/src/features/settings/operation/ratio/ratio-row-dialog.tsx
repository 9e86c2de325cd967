import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/form/form-dialog';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup, RadioGroupItem } from '../../../../components/ui/radio-group';
import { Label } from '../../../../components/ui/label';
import { completionRatioOf, inputPriceOf, ratioOfInputPrice, tidy } from './price-maps';
import { draftOfRow, EMPTY_ROW_DRAFT, isDecimal, ratioRowSchema, type RatioRowDraft } from './ratio-row-schema';
import type { RatioRow } from './ratio-rows';

interface Props {
  /** The row being edited; null adds a new model. */
  row: RatioRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names already in the table (the edited row's own name is allowed). */
  names: readonly string[];
  onSave: (row: RatioRow) => void;
}

function Choice({ value, label }: { value: string; label: string }) {
  return (
    <Label className="flex cursor-pointer items-center gap-2 font-normal">
      <RadioGroupItem value={value} />
      {label}
    </Label>
  );
}

/** Adds or edits one model's pricing: per token (ratios, or USD per 1M tokens) or per request. */
export function RatioRowDialog({ row, open, onOpenChange, names, onSave }: Props) {
  const { t } = useTranslation();
  const schema = useMemo(() => ratioRowSchema(new Set(names.filter((n) => n !== row?.name))), [names, row]);
  const initial = row ? draftOfRow(row) : EMPTY_ROW_DRAFT;
  const form = useZodForm(schema, initial);
  useEffect(() => {
    if (open) form.reset(row ? draftOfRow(row) : EMPTY_ROW_DRAFT);
    // A fresh form each time the dialog opens.
  }, [open, row]);

  const v = form.values;
  // Switching to per-token clears the fixed price; switching to per-request clears both ratios.
  const setMode = (mode: string) =>
    form.reset({ ...v, mode: mode as RatioRowDraft['mode'], ...(mode === 'token' ? { price: '' } : { ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' }) });
  const preview = tokenPreview(v);
  // The values typed on one side carry over, converted, when switching between ratios and prices.
  const setTokenInput = (next: string) => {
    if (next === v.tokenInput) return;
    if (next === 'price') form.reset({ ...v, tokenInput: 'price', inputPrice: preview?.input ?? '', outputPrice: v.completionRatio.trim() ? (preview?.output ?? '') : '' });
    else form.reset({ ...v, tokenInput: 'ratio', ratio: preview?.ratio ?? '', completionRatio: v.outputPrice.trim() ? (preview?.completion ?? '') : '' });
  };
  const input = (key: keyof RatioRowDraft & string, label: string, hint?: string) => (
    <Field label={label} htmlFor={`ratio-row-${key}`} error={form.error(key)} hint={hint}>
      <Input id={`ratio-row-${key}`} inputMode="decimal" {...form.bind(key as 'price')} />
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(row ? 'settings.ratio.editModel' : 'settings.ratio.addModel')}
      description={t('settings.ratio.dialogHint')}
      onSubmit={form.submit(async (next) => {
        onSave(next);
        onOpenChange(false);
      })}
      submitLabel={t('common.confirm')}
      data={{ 'data-ratio-row-dialog': '' }}
    >
      <div className="grid gap-4">
        {input('name', t('settings.ratio.columns.name'))}
        <Field label={t('settings.ratio.billing')}>
          <RadioGroup value={v.mode} onValueChange={setMode} className="flex flex-wrap gap-x-5 gap-y-2" data-ratio-mode>
            <Choice value="token" label={t('settings.ratio.perToken')} />
            <Choice value="request" label={t('settings.ratio.perRequest')} />
          </RadioGroup>
        </Field>
        {v.mode === 'request' ? (
          input('price', t('settings.ratio.pricePerCall'))
        ) : (
          <>
            <RadioGroup value={v.tokenInput} onValueChange={setTokenInput} className="flex flex-wrap gap-x-5 gap-y-2" data-ratio-input>
              <Choice value="ratio" label={t('settings.ratio.byRatio')} />
              <Choice value="price" label={t('settings.ratio.byPrice')} />
            </RadioGroup>
            <div className="grid gap-4 sm:grid-cols-2">
              {v.tokenInput === 'ratio' ? (
                <>
                  {input('ratio', t('settings.ratio.columns.ratio'))}
                  {input('completionRatio', t('settings.ratio.columns.completionRatio'))}
                </>
              ) : (
                <>
                  {input('inputPrice', t('settings.ratio.inputPrice'))}
                  {input('outputPrice', t('settings.ratio.outputPrice'))}
                </>
              )}
            </div>
            {preview ? (
              <p className="rounded-md bg-muted/60 px-3 py-2 text-[13px] text-muted-foreground" data-ratio-preview>
                {v.tokenInput === 'ratio' ? t('settings.ratio.previewPrices', preview) : t('settings.ratio.previewRatios', preview)}
              </p>
            ) : null}
          </>
        )}
      </div>
    </FormDialog>
  );
}

/** The other side of the conversion, shown live under the inputs. */
function tokenPreview(v: RatioRowDraft): Record<string, string> | null {
  if (v.tokenInput === 'ratio') {
    if (!isDecimal(v.ratio)) return null;
    const input = inputPriceOf(Number(v.ratio));
    const completion = isDecimal(v.completionRatio) ? Number(v.completionRatio) : 1;
    return { input: String(input), output: String(tidy(input * completion)) };
  }
  if (!isDecimal(v.inputPrice) || Number(v.inputPrice) === 0) return null;
  const input = Number(v.inputPrice);
  return { ratio: String(ratioOfInputPrice(input)), completion: isDecimal(v.outputPrice) ? String(completionRatioOf(input, Number(v.outputPrice))) : '1' };
}
