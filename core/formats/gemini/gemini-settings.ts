/**
 * The `gemini.*` options a Gemini channel is converted with, passed in as plain values (the option store
 * owns reading them). Defaults are new-api's.
 */
export interface GeminiSettings {
  /** `gemini.safety_settings`: category → threshold, `default` for the rest */
  safetySettings: Readonly<Record<string, string>>;
  /** `gemini.version_settings`: upstream model → API version, `default` for the rest */
  versionSettings: Readonly<Record<string, string>>;
  /** `gemini.supported_imagine_models`: models asked for TEXT and IMAGE output */
  supportedImagineModels: readonly string[];
  /** `gemini.thinking_adapter_enabled`: read `-thinking` / `-nothinking` model suffixes */
  thinkingAdapterEnabled: boolean;
  /** `gemini.thinking_adapter_budget_tokens_percentage`: thinking budget as a share of max tokens */
  thinkingAdapterBudgetTokensPercentage: number;
}

export const DEFAULT_GEMINI_SETTINGS: GeminiSettings = {
  safetySettings: { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
  versionSettings: { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
  supportedImagineModels: ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp'],
  thinkingAdapterEnabled: false,
  thinkingAdapterBudgetTokensPercentage: 0.6,
};

/** Every category new-api sets, so that Google's stricter defaults never apply to a relayed request. */
export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

export function geminiSafetySettings(settings: GeminiSettings): Array<{ category: string; threshold: string }> {
  return SAFETY_CATEGORIES.map((category) => ({
    category,
    threshold: settings.safetySettings[category] ?? settings.safetySettings.default ?? 'OFF',
  }));
}

export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'countTokens' | 'embedContent' | 'batchEmbedContents';

/**
 * The upstream path for a model and action, appended to the channel's base URL: the API version comes from
 * `gemini.version_settings`, and a stream asks for SSE (without `alt=sse` Google streams a JSON array).
 */
export function geminiUpstreamPath(model: string, action: GeminiAction, settings: GeminiSettings): string {
  const version = settings.versionSettings[model] ?? settings.versionSettings.default ?? 'v1beta';
  const path = `/${version}/models/${encodeURIComponent(model)}:${action}`;
  return action === 'streamGenerateContent' ? `${path}?alt=sse` : path;
}
