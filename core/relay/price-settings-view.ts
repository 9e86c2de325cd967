import type { PriceSettings } from '../billing/price-settings.js';
import type { CachedUser } from '../cache/user-cache.js';
import { settingOf } from '../notify/user-setting.js';
import type { OptionsStore } from '../options/options-store.js';

let cached: { version: number; settings: PriceSettings } | null = null;

/** The pricing slice of the options, rebuilt only when an option changed (the relay reads it per request). */
export function priceSettingsOf(options: OptionsStore): PriceSettings {
  if (cached && cached.version === options.version) return cached.settings;
  const settings: PriceSettings = {
    modelRatio: options.json('ModelRatio'),
    modelPrice: options.json('ModelPrice'),
    completionRatio: options.json('CompletionRatio'),
    cacheRatio: options.json('CacheRatio'),
    groupRatio: options.json('GroupRatio'),
    quotaPerUnit: options.number('QuotaPerUnit'),
    selfUseMode: options.bool('SelfUseModeEnabled'),
    preConsumedQuota: options.number('PreConsumedQuota'),
  };
  cached = { version: options.version, settings };
  return settings;
}

/** The user setting accept_unset_model_ratio_model. */
export function acceptsUnsetRatio(user: CachedUser): boolean {
  return settingOf(user).accept_unset_model_ratio_model === true;
}
