import type { ClaudeChannelSettings } from '../formats/claude/openai-to-claude-request.js';
import type { GeminiSettings } from '../formats/gemini/gemini-settings.js';
import type { OptionsStore } from '../options/options-store.js';

/** The `claude.*` and `gemini.*` options a translated request is built with. */
export interface FormatSettings {
  claude: ClaudeChannelSettings;
  /** claude.model_headers_settings: upstream model → header → values (comma-joined when sent) */
  claudeModelHeaders: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  gemini: GeminiSettings;
}

const cache = new WeakMap<OptionsStore, { version: number; settings: FormatSettings }>();

/** Rebuilt only when an option changed: the relay reads it per request. */
export function formatSettingsOf(options: OptionsStore): FormatSettings {
  const cached = cache.get(options);
  if (cached && cached.version === options.version) return cached.settings;
  const settings: FormatSettings = {
    claude: {
      defaultMaxTokens: options.json('claude.default_max_tokens'),
      thinkingAdapterEnabled: options.bool('claude.thinking_adapter_enabled'),
      thinkingAdapterBudgetTokensPercentage: options.number('claude.thinking_adapter_budget_tokens_percentage'),
    },
    claudeModelHeaders: options.json('claude.model_headers_settings'),
    gemini: {
      safetySettings: options.json('gemini.safety_settings'),
      versionSettings: options.json('gemini.version_settings'),
      supportedImagineModels: options.json('gemini.supported_imagine_models'),
      thinkingAdapterEnabled: options.bool('gemini.thinking_adapter_enabled'),
      thinkingAdapterBudgetTokensPercentage: options.number('gemini.thinking_adapter_budget_tokens_percentage'),
    },
  };
  cache.set(options, { version: options.version, settings });
  return settings;
}
