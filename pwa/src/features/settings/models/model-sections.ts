import { textKeys as k } from '../option-fields';
import type { SectionDef } from '../option-section';

export const globalModelSection: SectionDef = {
  id: 'model-global',
  title: 'settings.sections.modelGlobal',
  switches: [
    { key: 'global.pass_through_request_enabled', ...k('passThrough', { hint: true }) },
    { key: 'general_setting.ping_interval_enabled', ...k('pingEnabled', { hint: true }) },
  ],
  fields: [{ key: 'general_setting.ping_interval_seconds', kind: 'int', rule: 'atLeastOne', enabledBy: 'general_setting.ping_interval_enabled', ...k('pingSeconds') }],
  saveLabel: 'settings.save',
};

export const geminiSection: SectionDef = {
  id: 'gemini',
  title: 'settings.sections.gemini',
  switches: [{ key: 'gemini.thinking_adapter_enabled', ...k('geminiThinking', { hint: true }) }],
  fields: [
    { key: 'gemini.thinking_adapter_budget_tokens_percentage', kind: 'float', rule: 'fraction', ...k('geminiThinkingBudget', { hint: true }) },
    { key: 'gemini.safety_settings', kind: 'json', rows: 6, ...k('geminiSafety', { hint: true }) },
    { key: 'gemini.version_settings', kind: 'json', rows: 6, ...k('geminiVersion', { hint: true }) },
    { key: 'gemini.supported_imagine_models', kind: 'json', rows: 6, ...k('geminiImagineModels', { hint: true }) },
  ],
  saveLabel: 'settings.save',
};

export const claudeSection: SectionDef = {
  id: 'claude',
  title: 'settings.sections.claude',
  switches: [{ key: 'claude.thinking_adapter_enabled', ...k('claudeThinking', { hint: true }) }],
  fields: [
    { key: 'claude.thinking_adapter_budget_tokens_percentage', kind: 'float', rule: 'fraction', ...k('claudeThinkingBudget', { hint: true }) },
    { key: 'claude.model_headers_settings', kind: 'json', rows: 6, ...k('claudeHeaders', { hint: true }) },
    { key: 'claude.default_max_tokens', kind: 'json', rows: 6, ...k('claudeMaxTokens', { hint: true }) },
  ],
  saveLabel: 'settings.save',
};
