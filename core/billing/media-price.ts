
/**
 * new-api's pricing rules for the media requests (relay-image.go, relay-audio.go, relay-rerank.go and the
 * OpenAI adaptor's answer handlers), as pure functions of the request and the upstream's answer.
 */

/** A media answer's usage in the relay's OpenAI form (a UsageReport); image tokens are inside prompt_tokens. */
export interface MediaUsage {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { image_tokens: number };
  [key: string]: unknown;
}

/** What a fixed-price image call is multiplied by. */
export interface ImageOrder {
  model: string;
  size: string;
  /** `hd` or anything else (standard) */
  quality: string;
  n: number;
}

/** The size multiplier: 256² 0.4, 512² 0.45, 1024² 1, the two large dall-e-3 sizes 2, any other size 1. */
export function imageSizeRatio(size: string): number {
  switch (size) {
    case '256x256':
      return 0.4;
    case '512x512':
      return 0.45;
    case '1024x1792':
    case '1792x1024':
      return 2;
    default:
      return 1;
  }
}

const isLargeSize = (size: string) => size === '1024x1792' || size === '1792x1024';

/** dall-e-3 `hd` costs twice the standard price, 1.5 times at the large sizes; every other model 1. */
export function imageQualityRatio(order: Pick<ImageOrder, 'model' | 'size' | 'quality'>): number {
  if (order.model !== 'dall-e-3' || order.quality !== 'hd') return 1;
  return isLargeSize(order.size) ? 1.5 : 2;
}

/**
 * The USD price of one image request on a fixed-price model: ModelPrice × sizeRatio × qualityRatio × n,
 * in new-api's float order (`ModelPrice *= sizeRatio * qualityRatio * float64(N)`). The log shows it as
 * the model price.
 */
export function imageCallPrice(modelPrice: number, order: ImageOrder): number {
  return modelPrice * (imageSizeRatio(order.size) * imageQualityRatio(order) * order.n);
}

/** The log content's tail for an image request: `, 大小 1024x1024, 品质 standard`. */
export const imageLogNote = (order: Pick<ImageOrder, 'size' | 'quality'>): string => `, 大小 ${order.size}, 品质 ${order.quality === 'hd' ? 'hd' : 'standard'}`;

const count = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);
const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * The usage of an image answer (gpt-image-1's `usage`: input_tokens with their image part, output_tokens)
 * in the relay's OpenAI form. An answer without usage counts as `n` prompt tokens, as new-api fills it in,
 * so a per-call price is never turned into a zero-usage (free) request.
 */
export function imageUsage(answer: unknown, n: number): MediaUsage {
  const usage = record(record(answer)?.usage);
  const input = count(usage?.input_tokens) || count(usage?.prompt_tokens);
  const output = count(usage?.output_tokens) || count(usage?.completion_tokens);
  const imageTokens = count(record(usage?.input_tokens_details)?.image_tokens);
  return {
    prompt_tokens: input || Math.max(1, n),
    completion_tokens: output,
    ...(imageTokens > 0 ? { prompt_tokens_details: { image_tokens: imageTokens } } : {}),
  };
}

/**
 * A rerank answer's usage: Jina's `usage` ({prompt_tokens?, total_tokens}) or Cohere's
 * `meta.billed_units` ({input_tokens, output_tokens}); null when it reports none (counted locally then).
 */
export function rerankUsage(answer: unknown): MediaUsage | null {
  const json = record(answer);
  const usage = record(json?.usage);
  const prompt = count(usage?.prompt_tokens) || count(usage?.total_tokens);
  if (prompt > 0) return { prompt_tokens: prompt, completion_tokens: 0 };
  const billed = record(record(json?.meta)?.billed_units);
  const input = count(billed?.input_tokens);
  const output = count(billed?.output_tokens);
  return input + output > 0 ? { prompt_tokens: input, completion_tokens: output } : null;
}

/** new-api's CountTTSToken: `tts*` models are billed per character (Unicode code point), others per token. */
export const speechCountsCharacters = (model: string): boolean => model.startsWith('tts');

export const characterCount = (text: string): number => [...text].length;

/** Transcription and translation: whole seconds, 1 minute = 1000 tokens (round(ceil(s) / 60 × 1000)). */
export function transcriptionTokens(seconds: number): number {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return 0;
  return Math.round((Math.ceil(seconds) / 60) * 1000);
}
