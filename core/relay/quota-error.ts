import type { AppServices } from '../app-services.js';
import { formatQuota } from '../billing/format-quota.js';
import type { ReserveOutcome } from '../billing/quota-ledger.js';
import { localError, type RelayError } from './relay-error.js';

/** new-api's pre-consume refusals (403, spec relay.md §4.2), amounts formatted as the console shows them. */
export function quotaError(outcome: Extract<ReserveOutcome, { ok: false }>, need: number, app: AppServices): RelayError {
  const fmt = (q: number) => formatQuota(q, app.options.bool('DisplayInCurrencyEnabled'), app.options.number('QuotaPerUnit'));
  if (outcome.reason === 'token_missing') return localError(401, '无效的令牌');
  if (outcome.reason === 'token') {
    return localError(403, `token quota is not enough, token remain quota: ${fmt(outcome.tokenQuota)}, need quota: ${fmt(need)}`, 'pre_consume_token_quota_failed');
  }
  if (outcome.userQuota <= 0) return localError(403, 'user quota is not enough', 'insufficient_user_quota');
  return localError(403, `chat pre-consumed quota failed, user quota: ${fmt(outcome.userQuota)}, need quota: ${fmt(need)}`, 'insufficient_user_quota');
}
