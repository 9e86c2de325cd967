import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { DateTimeInput } from '../../components/ui/date-time-input';
import { Input, Textarea } from '../../components/ui/input';
import { MultiSelect } from '../../components/ui/multi-select';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { currencyToQuota, formatQuota, QUOTA_PRESETS_USD, type QuotaDisplay } from '../../lib/quota-format';
import { toDateTimeInput } from '../../lib/time-format';
import { userGroupsQuery, userModelsQuery } from '../account/queries';
import type { TokenFormValues } from './token-form-state';
import { COUNT_PRESETS, EXPIRY_PRESETS } from './token-status';

const DEFAULT_GROUP = '__default__';

interface Props {
  values: TokenFormValues;
  onChange: (values: TokenFormValues) => void;
  creating: boolean;
  display: QuotaDisplay;
}

export function TokenFormFields({ values, onChange, creating, display }: Props) {
  const { t } = useTranslation();
  const groups = useQuery(userGroupsQuery());
  const models = useQuery(userModelsQuery());
  const set = <K extends keyof TokenFormValues>(key: K, value: TokenFormValues[K]) => onChange({ ...values, [key]: value });
  const groupEntries = Object.entries(groups.data ?? {});
  const amount = Number(values.amount);
  const quotaUnits = display.displayInCurrency ? currencyToQuota(amount || 0, display.quotaPerUnit) : Math.floor(amount || 0);
  const chip = 'h-7 rounded-full px-2.5 text-xs';
  return (
    <div className="grid gap-5">
      <Field label={t('tokens.form.name')} htmlFor="token-name" required={creating}>
        <Input id="token-name" value={values.name} onChange={(e) => set('name', e.target.value)} placeholder={t('tokens.form.namePlaceholder')} autoFocus />
      </Field>
      <Field label={t('tokens.form.group')} hint={groupEntries.length === 0 && !groups.isPending ? t('tokens.form.noGroups') : undefined}>
        <Select value={values.group || DEFAULT_GROUP} onValueChange={(v) => set('group', v === DEFAULT_GROUP ? '' : v)} disabled={groupEntries.length === 0}>
          <SelectTrigger>
            <SelectValue placeholder={t('tokens.form.groupPlaceholder')} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={DEFAULT_GROUP}>{t('tokens.form.groupPlaceholder')}</SelectItem>
            {groupEntries.map(([name, info]) => (
              <SelectItem key={name} value={name}>
                {name} · {info.desc} · ×{info.ratio}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field label={t('tokens.form.expiry')} htmlFor="token-expiry">
        <DateTimeInput id="token-expiry" value={values.expiry} onChange={(e) => set('expiry', e.target.value)} />
        <div className="flex flex-wrap gap-1.5">
          {EXPIRY_PRESETS.map((p) => (
            <Button key={p.key} type="button" size="xs" variant="outline" className={chip} data-compact onClick={() => set('expiry', p.seconds === null ? '' : toDateTimeInput(Math.floor(Date.now() / 1000) + p.seconds))}>
              {t(`tokens.form.expiry${p.key[0]!.toUpperCase()}${p.key.slice(1)}`)}
            </Button>
          ))}
        </div>
      </Field>
      <div className="grid gap-2 rounded-lg border p-3">
        <div className="flex items-center justify-between">
          <span className="text-[13px] font-medium">{t('tokens.form.quota')}</span>
          <label className="flex items-center gap-2 text-[13px]">
            {t('tokens.form.unlimited')}
            <Switch checked={values.unlimited} onCheckedChange={(v) => set('unlimited', v)} aria-label={t('tokens.form.unlimited')} />
          </label>
        </div>
        <div className="relative">
          {display.displayInCurrency ? <span className="absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">$</span> : null}
          <Input type="number" min={0} step="any" inputMode="decimal" value={values.amount} disabled={values.unlimited} onChange={(e) => set('amount', e.target.value)} className={display.displayInCurrency ? 'pl-7' : undefined} aria-label={t('tokens.form.quota')} />
        </div>
        {values.unlimited ? null : (
          <>
            <div className="flex flex-wrap gap-1.5">
              {QUOTA_PRESETS_USD.map((usd) => (
                <Button key={usd} type="button" size="xs" variant="outline" className={chip} data-compact onClick={() => set('amount', display.displayInCurrency ? String(usd) : String(currencyToQuota(usd, display.quotaPerUnit)))}>
                  ${usd}
                </Button>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t('tokens.form.quotaHint', { quota: display.displayInCurrency ? quotaUnits.toLocaleString() : formatQuota(quotaUnits, { ...display, displayInCurrency: true }) })}</p>
          </>
        )}
      </div>
      {creating ? (
        <Field label={t('tokens.form.count')} hint={t('tokens.form.countHint')} htmlFor="token-count">
          <div className="flex flex-wrap items-center gap-1.5">
            <Input id="token-count" type="number" min={1} max={100} value={values.count} onChange={(e) => set('count', e.target.value)} className="w-24" />
            {COUNT_PRESETS.map((n) => (
              <Button key={n} type="button" size="xs" variant="outline" className={chip} data-compact onClick={() => set('count', String(n))}>
                {n}
              </Button>
            ))}
          </div>
        </Field>
      ) : null}
      <div className="grid gap-2 rounded-lg border p-3">
        <label className="flex items-center justify-between text-[13px] font-medium">
          <span>
            {t('tokens.form.modelLimits')}
            <span className="block text-xs font-normal text-muted-foreground">{t('tokens.form.modelLimitsHint')}</span>
          </span>
          <Switch checked={values.modelLimitsEnabled} onCheckedChange={(v) => set('modelLimitsEnabled', v)} aria-label={t('tokens.form.modelLimits')} />
        </label>
        <MultiSelect options={models.data ?? []} value={values.modelLimits} onChange={(v) => set('modelLimits', v)} disabled={!values.modelLimitsEnabled} placeholder={t('tokens.form.modelsPlaceholder')} searchPlaceholder={t('common.search')} />
      </div>
      <Field label={t('tokens.form.allowIps')} htmlFor="token-ips">
        <Textarea id="token-ips" rows={3} value={values.allowIps} onChange={(e) => set('allowIps', e.target.value)} placeholder={t('tokens.form.allowIpsPlaceholder')} className="font-mono text-xs" />
      </Field>
    </div>
  );
}
