import { addDecimal, decimalFromInt, decimalFromNumber, mulDecimal, roundDecimalHalfAwayFromZero, signOfDecimal } from '../billing/exact-decimal.js';
import type { PriceSettings } from '../billing/price-settings.js';
import type { ResolvedPrice } from '../billing/resolve-price.js';

/** The token counts of a realtime `response.done` usage block (or their sum over a session). */
export interface RealtimeUsage {
  input_tokens: number;
  output_tokens: number;
  text_input: number;
  audio_input: number;
  /** input_token_details.cached_tokens: every cached input token, text or audio */
  cached_input: number;
  /** of the text input, the cached part (billed at the model's CacheRatio) */
  cached_text_input: number;
  /** of the audio input, the cached part (billed in full, as new-api bills all audio input) */
  cached_audio_input: number;
  text_output: number;
  audio_output: number;
}

export const NO_REALTIME_USAGE: RealtimeUsage = {
  input_tokens: 0,
  output_tokens: 0,
  text_input: 0,
  audio_input: 0,
  cached_input: 0,
  cached_text_input: 0,
  cached_audio_input: 0,
  text_output: 0,
  audio_output: 0,
};

const count = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);
const objectOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The counts of a `response.done` event's `response.usage`; tolerant: anything that is not a count reads as 0.
 * The cached input is split by `cached_tokens_details`; without that split the cached tokens are taken as text
 * first (as the chat path discounts every cached prompt token), never more of either kind than was sent.
 */
export function realtimeUsageOf(usage: unknown): RealtimeUsage {
  const u = objectOf(usage);
  const inDetails = objectOf(u.input_token_details);
  const outDetails = objectOf(u.output_token_details);
  const textInput = count(inDetails.text_tokens);
  const audioInput = count(inDetails.audio_tokens);
  const cached = count(inDetails.cached_tokens);
  const split = inDetails.cached_tokens_details;
  let cachedText: number;
  let cachedAudio: number;
  if (split && typeof split === 'object' && !Array.isArray(split)) {
    const d = split as Record<string, unknown>;
    cachedText = Math.min(count(d.text_tokens), textInput);
    cachedAudio = Math.min(count(d.audio_tokens), audioInput);
  } else {
    cachedText = Math.min(cached, textInput);
    cachedAudio = Math.min(cached - cachedText, audioInput);
  }
  return {
    input_tokens: count(u.input_tokens),
    output_tokens: count(u.output_tokens),
    text_input: textInput,
    audio_input: audioInput,
    cached_input: cached,
    cached_text_input: cachedText,
    cached_audio_input: cachedAudio,
    text_output: count(outDetails.text_tokens),
    audio_output: count(outDetails.audio_tokens),
  };
}

export function addRealtimeUsage(a: RealtimeUsage, b: RealtimeUsage): RealtimeUsage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    text_input: a.text_input + b.text_input,
    audio_input: a.audio_input + b.audio_input,
    cached_input: a.cached_input + b.cached_input,
    cached_text_input: a.cached_text_input + b.cached_text_input,
    cached_audio_input: a.cached_audio_input + b.cached_audio_input,
    text_output: a.text_output + b.text_output,
    audio_output: a.audio_output + b.audio_output,
  };
}

/**
 * new-api's GetAudioRatio (hard-coded at B): audio tokens cost this many text tokens. Only the exact
 * `…gpt-4o-realtime-preview` suffix gets 8 (a dated snapshot falls to 20), as B matches it.
 */
export function audioRatioOf(model: string): number {
  if (model.includes('-realtime')) {
    if (model.endsWith('gpt-4o-realtime-preview')) return 8;
    if (model.includes('gpt-4o-mini-realtime-preview')) return 10 / 0.6;
    return 20;
  }
  if (model.includes('-audio')) {
    if (model.startsWith('gpt-4o-audio-preview')) return 40 / 2.5;
    if (model.startsWith('gpt-4o-mini-audio-preview')) return 10 / 0.15;
    return 40;
  }
  return 20;
}

/** new-api's GetAudioCompletionRatio: audio output costs twice audio input, for every model at B. */
export const AUDIO_COMPLETION_RATIO = 2;

/**
 * The quota of one realtime response (new-api calculateAudioQuota, exact decimals, rounded half away):
 * (text_in + text_out × CompletionRatio + audio_in × AudioRatio + audio_out × AudioRatio × AudioCompletionRatio)
 * × ModelRatio × GroupRatio, at least 1 when the ratio is not zero. Unlike new-api, which prices cached input in
 * full, the cached part of text_in costs CacheRatio as on the chat path (text_in − cached + cached × CacheRatio);
 * audio input, cached or not, keeps new-api's AudioRatio. A per-call model pays price × QuotaPerUnit × GroupRatio
 * (truncated) for each response.
 */
export function computeRealtimeQuota(price: ResolvedPrice, model: string, u: RealtimeUsage, s: Pick<PriceSettings, 'quotaPerUnit'>): number {
  const group = decimalFromNumber(price.groupRatio);
  if (price.usePrice) {
    const d = mulDecimal(mulDecimal(decimalFromNumber(price.modelPrice), decimalFromNumber(s.quotaPerUnit)), group);
    // IntPart(): towards zero (a bigint division truncates)
    return Number(d.scale <= 0 ? d.units * 10n ** BigInt(-d.scale) : d.units / 10n ** BigInt(d.scale));
  }
  const ratio = mulDecimal(group, decimalFromNumber(price.modelRatio));
  const audio = decimalFromNumber(audioRatioOf(model));
  const cachedText = Math.min(u.cached_text_input, u.text_input);
  let q = addDecimal(decimalFromInt(u.text_input - cachedText), mulDecimal(decimalFromInt(cachedText), decimalFromNumber(price.cacheRatio)));
  q = addDecimal(q, mulDecimal(decimalFromInt(u.text_output), decimalFromNumber(price.completionRatio)));
  q = addDecimal(q, mulDecimal(decimalFromInt(u.audio_input), audio));
  q = addDecimal(q, mulDecimal(mulDecimal(decimalFromInt(u.audio_output), audio), decimalFromNumber(AUDIO_COMPLETION_RATIO)));
  q = mulDecimal(q, ratio);
  if (signOfDecimal(ratio) !== 0 && signOfDecimal(q) <= 0) return 1;
  return Number(roundDecimalHalfAwayFromZero(q));
}
