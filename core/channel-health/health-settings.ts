import type { OptionsStore } from '../options/options-store.js';
import type { BreakerSettings } from './breaker.js';
import { parseKeywords } from './failure-kind.js';

/** The options the health rules read, as plain values (the rules never touch the option store). */
export interface HealthSettings {
  /** AutomaticDisableChannelEnabled */
  autoDisable: boolean;
  /** AutomaticEnableChannelEnabled */
  autoEnable: boolean;
  /** ChannelDisableThreshold in ms (the option is seconds): a slower test disables; 0 turns the check off */
  slowTestMs: number;
  /** AutomaticDisableKeywords, lower-cased */
  keywords: readonly string[];
  breaker: BreakerSettings;
}

export const DEFAULT_HEALTH_SETTINGS: HealthSettings = {
  autoDisable: false,
  autoEnable: false,
  slowTestMs: 5000,
  keywords: [],
  breaker: { threshold: 3, cooldownMs: 60_000 },
};

export function readHealthSettings(options: OptionsStore): HealthSettings {
  return {
    autoDisable: options.bool('AutomaticDisableChannelEnabled'),
    autoEnable: options.bool('AutomaticEnableChannelEnabled'),
    slowTestMs: Math.max(0, options.number('ChannelDisableThreshold') * 1000),
    keywords: parseKeywords(options.get('AutomaticDisableKeywords')),
    breaker: {
      threshold: Math.max(1, Math.floor(options.number('ChannelBreakerThreshold'))),
      cooldownMs: Math.max(0, options.number('ChannelBreakerCooldown')) * 1000,
    },
  };
}

/** The settings of the current option version, parsed once per change rather than on every relay event. */
export function healthSettingsSource(options: OptionsStore): () => HealthSettings {
  let version = -1;
  let cached = DEFAULT_HEALTH_SETTINGS;
  return () => {
    if (options.version !== version) {
      cached = readHealthSettings(options);
      version = options.version;
    }
    return cached;
  };
}
