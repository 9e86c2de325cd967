import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyToQuota, formatUsd, QUOTA_PRESETS_USD, quotaToCurrency, type QuotaDisplay } from '../../lib/quota-format';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

interface Props {
  id: string;
  label: string;
  /** Raw quota units, as typed. */
  value: string;
  onChange: (value: string) => void;
  display: QuotaDisplay;
  error?: string;
  /** Offers the 1$ … 1000$ picks. */
  presets?: boolean;
  /** A button beside the input (e.g. add to the amount). */
  action?: ReactNode;
}

/** A raw quota amount with its currency equivalent shown when the site displays currency. */
export function QuotaField({ id, label, value, onChange, display, error, presets = true, action }: Props) {
  const { t } = useTranslation();
  const amount = Number(value);
  const equivalent = display.displayInCurrency && value.trim() !== '' && Number.isFinite(amount) ? t('form.quotaEquivalent', { amount: formatUsd(quotaToCurrency(amount, display.quotaPerUnit)) }) : undefined;
  return (
    <Field label={label} htmlFor={id} hint={equivalent} error={error}>
      <div className="flex gap-2">
        <Input id={id} type="number" inputMode="numeric" step={1} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
        {action}
      </div>
      {presets ? (
        <div className="flex flex-wrap gap-1.5">
          {QUOTA_PRESETS_USD.map((usd) => (
            <Button key={usd} type="button" size="xs" variant="outline" className="rounded-full px-2.5 tabular-nums" onClick={() => onChange(String(currencyToQuota(usd, display.quotaPerUnit)))}>
              ${usd}
            </Button>
          ))}
        </div>
      ) : null}
    </Field>
  );
}
