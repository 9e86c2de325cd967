import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../core/contracts/log';
import { formatQuota, type QuotaDisplay } from '../../lib/quota-format';
import { parseLogOther, surchargeTerms } from './log-view';

/** The expanded row: ratios, cache, first-token time, mapping, and how the cost was computed. */
export function LogDetails({ entry, display }: { entry: LogEntry; display: QuotaDisplay }) {
  const { t } = useTranslation();
  const o = parseLogOther(entry.other);
  const items: [string, string | number][] = [];
  const add = (key: string, value: string | number | undefined | null) => {
    if (value !== undefined && value !== null && value !== '') items.push([t(`logs.detail.${key}`), value]);
  };
  if (o.model_price !== undefined && o.model_price > 0) add('modelPrice', `$${o.model_price}`);
  else add('modelRatio', o.model_ratio);
  add('completionRatio', o.completion_ratio);
  add('groupRatio', o.group_ratio);
  if (o.cache_tokens) {
    add('cacheTokens', o.cache_tokens);
    add('cacheRatio', o.cache_ratio);
  }
  if (o.cache_creation_tokens) add('cacheCreationTokens', o.cache_creation_tokens);
  if (o.frt && o.frt > 0) add('frt', `${(o.frt / 1000).toFixed(2)} s`);
  if (o.is_model_mapped) add('upstreamModel', o.upstream_model_name);
  add('reasoningEffort', o.reasoning_effort);
  if (o.web_search) add('webSearch', o.web_search_call_count ?? 1);
  if (o.file_search) add('fileSearch', o.file_search_call_count ?? 1);
  if (o.admin_info?.use_channel?.length) add('retryChannels', o.admin_info.use_channel.join(' → '));
  const quota = formatQuota(entry.quota, display, 6);
  const groupRatio = o.group_ratio ?? 1;
  // web / file search and audio input are billed on top of the tokens: each adds its term before the total
  const extra = surchargeTerms(o)
    .map((term) => ` + ${t(`logs.detail.${term.key}`, { count: term.count, price: `$${term.price}`, per: term.per, groupRatio })}`)
    .join('');
  const formula =
    o.model_price !== undefined && o.model_price > 0
      ? t('logs.detail.formulaPrice', { price: `$${o.model_price}`, groupRatio, extra, quota })
      : o.model_ratio !== undefined
        ? t('logs.detail.formulaRatio', { prompt: entry.prompt_tokens, completion: entry.completion_tokens, completionRatio: o.completion_ratio ?? 1, modelRatio: o.model_ratio, groupRatio, extra, quota })
        : '';
  return (
    <div className="grid gap-2 text-[13px]" data-log-details>
      {items.length > 0 ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
          {items.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-dashed py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {formula && entry.type === 2 ? (
        <p>
          <span className="text-muted-foreground">{t('logs.detail.billing')}：</span>
          <span className="font-mono text-xs">{formula}</span>
        </p>
      ) : null}
      {entry.content ? (
        <p className="break-words whitespace-pre-wrap">
          <span className="text-muted-foreground">{t('logs.detail.content')}：</span>
          {entry.content}
        </p>
      ) : null}
    </div>
  );
}
