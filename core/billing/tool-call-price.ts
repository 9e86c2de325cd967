/** OpenAI's web_search_preview context sizes; anything else is refused by the relay. */
export type SearchContextSize = 'low' | 'medium' | 'high';

export const SEARCH_CONTEXT_SIZES: readonly SearchContextSize[] = ['low', 'medium', 'high'];

/** new-api's text when a request names another size (the default, when absent, is medium). */
export const INVALID_SEARCH_CONTEXT_SIZE_MESSAGE = 'invalid search_context_size, must be one of: high, medium, low';

/**
 * USD per 1 000 web_search_preview calls at B: the full gpt-4o / gpt-4.1 models cost more than the mini
 * and other models (OpenAI's mid-2025 price list).
 */
export function webSearchPricePerThousand(model: string, size: SearchContextSize): number {
  const premium = (model.startsWith('gpt-4o') || model.startsWith('gpt-4.1')) && !model.includes('mini');
  const prices = premium ? { low: 30, medium: 35, high: 50 } : { low: 25, medium: 27.5, high: 30 };
  return prices[size];
}

/**
 * USD per 1 000 web_search_preview calls in new-api L's tool price table at its defaults
 * (tool_price_setting.prices: `web_search_preview` $10, `web_search_preview:gpt-4o*` / `gpt-4.1*` $25, minis
 * included). L prices a Codex /v1/alpha/search call this way, by the client's model; the context size no
 * longer counts.
 */
export function webSearchPreviewToolPrice(model: string): number {
  return model.startsWith('gpt-4o') || model.startsWith('gpt-4.1') ? 25 : 10;
}

/**
 * USD per 1 000 calls of the GA `web_search` tool (not the preview): new-api L's default tool price for
 * `web_search`, whatever the model or context size.
 */
export const WEB_SEARCH_TOOL_PRICE_PER_THOUSAND = 10;

/**
 * USD per 1 000 web searches of Anthropic's server tool (`web_search_20250305`), on top of the tokens:
 * new-api's GetClaudeWebSearchPricePerThousand.
 */
export const CLAUDE_WEB_SEARCH_PRICE_PER_THOUSAND = 10;

/** USD per 1 000 file_search calls. */
export const FILE_SEARCH_PRICE_PER_THOUSAND = 2.5;

/**
 * USD per 1M Gemini input-audio tokens, billed on top of the ratio maths for those tokens. At B the
 * gemini-2.5-flash-preview prefix is tested first, so its native-audio variant (3.00 upstream) is
 * unreachable and also pays 1.00; we keep that.
 */
export function geminiAudioInputPricePerMillion(model: string): number {
  if (model.startsWith('gemini-2.5-flash-preview')) return 1;
  if (model.startsWith('gemini-2.0-flash')) return 0.7;
  return 0;
}
