import { tokenNameTooLong, type Token, type TokenWrite } from '../../../../core/contracts/token';
import { currencyToQuota, quotaToCurrency, type QuotaDisplay } from '../../lib/quota-format';
import { parseDateTimeInput, toDateTimeInput } from '../../lib/time-format';
import { EXPIRY_NEVER } from './token-status';

export interface TokenFormValues {
  name: string;
  /** Amount as typed: currency units when DisplayInCurrency is on, raw quota otherwise. */
  amount: string;
  unlimited: boolean;
  /** datetime-local text, or "" for never. */
  expiry: string;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  allowIps: string;
  group: string;
  count: string;
}

/** New-token defaults: quota 500000, limited, never expires. */
export const DEFAULT_TOKEN_QUOTA = 500000;

export function amountFromQuota(quota: number, display: QuotaDisplay): string {
  if (!display.displayInCurrency) return String(quota);
  return String(Number(quotaToCurrency(quota, display.quotaPerUnit).toFixed(6)));
}

export function defaultTokenForm(display: QuotaDisplay): TokenFormValues {
  return { name: '', amount: amountFromQuota(DEFAULT_TOKEN_QUOTA, display), unlimited: false, expiry: '', modelLimitsEnabled: false, modelLimits: [], allowIps: '', group: '', count: '1' };
}

export function tokenToForm(token: Token, display: QuotaDisplay): TokenFormValues {
  return {
    name: token.name,
    amount: amountFromQuota(token.remain_quota, display),
    unlimited: token.unlimited_quota,
    expiry: token.expired_time === EXPIRY_NEVER ? '' : toDateTimeInput(token.expired_time),
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: token.model_limits ? token.model_limits.split(',').filter(Boolean) : [],
    allowIps: token.allow_ips ?? '',
    group: token.group ?? '',
    count: '1',
  };
}

export type TokenFormResult = { ok: true; payload: TokenWrite; count: number } | { ok: false; error: string };

/** Form → request body. Errors are i18n keys. */
export function tokenFormToPayload(values: TokenFormValues, display: QuotaDisplay, creating: boolean): TokenFormResult {
  const name = values.name.trim();
  if (creating && !name) return { ok: false, error: 'tokens.form.errors.nameRequired' };
  if (tokenNameTooLong(name)) return { ok: false, error: 'tokens.form.errors.nameTooLong' };
  let expired_time = EXPIRY_NEVER;
  if (values.expiry.trim()) {
    expired_time = parseDateTimeInput(values.expiry);
    if (Number.isNaN(expired_time)) return { ok: false, error: 'tokens.form.errors.expiry' };
  }
  const amount = Number(values.amount);
  if (!values.unlimited && (!Number.isFinite(amount) || amount < 0)) return { ok: false, error: 'tokens.form.errors.quota' };
  const remain_quota = values.unlimited ? 0 : display.displayInCurrency ? currencyToQuota(amount, display.quotaPerUnit) : Math.floor(amount);
  const count = creating ? Number(values.count) : 1;
  if (!Number.isInteger(count) || count < 1 || count > 100) return { ok: false, error: 'tokens.form.errors.count' };
  return {
    ok: true,
    count,
    payload: {
      name,
      expired_time,
      remain_quota,
      unlimited_quota: values.unlimited,
      model_limits_enabled: values.modelLimitsEnabled,
      model_limits: values.modelLimitsEnabled ? values.modelLimits.join(',') : '',
      allow_ips: values.allowIps.trim(),
      group: values.group,
    },
  };
}
