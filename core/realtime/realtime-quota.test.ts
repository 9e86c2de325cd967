import { describe, expect, it } from 'vitest';
import type { ResolvedPrice } from '../billing/resolve-price.js';
import { addRealtimeUsage, audioRatioOf, computeRealtimeQuota, NO_REALTIME_USAGE, realtimeUsageOf, type RealtimeUsage } from './realtime-quota.js';

const ratioPrice = (modelRatio: number, completionRatio: number, groupRatio = 1, cacheRatio = 1): ResolvedPrice => ({
  ok: true,
  usePrice: false,
  modelPrice: -1,
  modelRatio,
  completionRatio,
  cacheRatio,
  cacheCreationRatio: 1.25,
  imageRatio: 1,
  groupRatio,
});

const usage = (text_input: number, audio_input: number, text_output: number, audio_output: number): RealtimeUsage => ({
  ...NO_REALTIME_USAGE,
  input_tokens: text_input + audio_input,
  output_tokens: text_output + audio_output,
  text_input,
  audio_input,
  text_output,
  audio_output,
});

/** usage() with part of the input cached */
const cachedUsage = (u: RealtimeUsage, cached_text_input: number, cached_audio_input: number): RealtimeUsage => ({
  ...u,
  cached_input: cached_text_input + cached_audio_input,
  cached_text_input,
  cached_audio_input,
});

const UNIT = { quotaPerUnit: 500_000 };

describe('audioRatioOf (new-api GetAudioRatio at B)', () => {
  it.each([
    ['gpt-4o-realtime-preview', 8],
    ['gpt-4o-realtime-preview-2024-12-17', 20],
    ['gpt-4o-mini-realtime-preview', 10 / 0.6],
    ['gpt-4o-mini-realtime-preview-2024-12-17', 10 / 0.6],
    ['gpt-realtime', 20],
    ['gpt-4o-audio-preview-2024-12-17', 40 / 2.5],
    ['gpt-4o-mini-audio-preview', 10 / 0.15],
    ['qwen-audio', 40],
    ['whisper-1', 20],
  ])('%s → %d', (model, ratio) => expect(audioRatioOf(model)).toBe(ratio));
});

describe('computeRealtimeQuota (new-api calculateAudioQuota)', () => {
  it.each([
    // (50 + 60×4 + 80×8 + 200×8×2) × 2.5
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4), usage(50, 80, 60, 200), 10_325],
    // the dated snapshot is priced at audio ratio 20: (50 + 240 + 1600 + 8000) × 2.5
    ['gpt-4o-realtime-preview-2024-12-17', ratioPrice(2.5, 4), usage(50, 80, 60, 200), 24_725],
    // (50 + 240 + 80×16.67 + 200×16.67×2) × 0.3 = 2487.00000…, exact decimals
    ['gpt-4o-mini-realtime-preview', ratioPrice(0.3, 4), usage(50, 80, 60, 200), 2_487],
    // group ratio multiplies: 4130 × 2.5 × 1.5 = 15487.5 → rounded half away from zero
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1.5), usage(50, 80, 60, 200), 15_488],
    ['gpt-4o-realtime-preview', ratioPrice(0.5, 1), usage(3, 0, 0, 0), 2],
    // a priced model that reported nothing still pays 1, as new-api's floor does
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4), NO_REALTIME_USAGE, 1],
    ['free-realtime', ratioPrice(0, 1), usage(50, 80, 60, 200), 0],
    // cached text at CacheRatio 0.5: (30 + 20×0.5 + 240 + 640 + 3200) × 2.5
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1, 0.5), cachedUsage(usage(50, 80, 60, 200), 20, 0), 10_300],
    // cached audio keeps new-api's audio ratio: nothing changes
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1, 0.5), cachedUsage(usage(50, 80, 60, 200), 0, 30), 10_325],
    // both: (30 + 20×0.1 + 240 + 640 + 3200) × 2.5 = 10 280
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1, 0.1), cachedUsage(usage(50, 80, 60, 200), 20, 30), 10_280],
    // all text input cached at ratio 0.5 with group 1.5: (25 + 240 + 640 + 3200) × 2.5 × 1.5 = 15 393.75
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1.5, 0.5), cachedUsage(usage(50, 80, 60, 200), 50, 0), 15_394],
    // a cached count above the text input (a summed usage cannot be, but the price never goes below zero text)
    ['gpt-4o-realtime-preview', ratioPrice(2.5, 4, 1, 0), cachedUsage(usage(50, 80, 60, 200), 70, 0), 10_200],
  ])('%s %o %o → %d', (model, price, u, quota) => expect(computeRealtimeQuota(price, model, u, UNIT)).toBe(quota));

  it('charges a per-call model its price for the response, truncated', () => {
    const price: ResolvedPrice = { ...ratioPrice(0, 0, 1.5), usePrice: true, modelPrice: 0.0333333 };
    // 0.0333333 × 500000 × 1.5 = 24999.975
    expect(computeRealtimeQuota(price, 'priced-realtime', usage(50, 80, 60, 200), UNIT)).toBe(24_999);
  });
});

describe('realtimeUsageOf', () => {
  it('reads the counts of a response.done usage block and sums them', () => {
    const u = realtimeUsageOf({
      total_tokens: 390,
      input_tokens: 130,
      output_tokens: 260,
      input_token_details: { cached_tokens: 20, text_tokens: 50, audio_tokens: 80 },
      output_token_details: { text_tokens: 60, audio_tokens: 200 },
    });
    expect(u).toEqual({ input_tokens: 130, output_tokens: 260, text_input: 50, audio_input: 80, cached_input: 20, cached_text_input: 20, cached_audio_input: 0, text_output: 60, audio_output: 200 });
    expect(addRealtimeUsage(u, u)).toEqual({
      input_tokens: 260,
      output_tokens: 520,
      text_input: 100,
      audio_input: 160,
      cached_input: 40,
      cached_text_input: 40,
      cached_audio_input: 0,
      text_output: 120,
      audio_output: 400,
    });
  });

  it.each([
    ['split by cached_tokens_details', { cached_tokens: 30, text_tokens: 50, audio_tokens: 80, cached_tokens_details: { text_tokens: 10, audio_tokens: 20 } }, 10, 20],
    ['no split: text first', { cached_tokens: 30, text_tokens: 50, audio_tokens: 80 }, 30, 0],
    ['no split: beyond the text, audio', { cached_tokens: 70, text_tokens: 50, audio_tokens: 80 }, 50, 20],
    ['a split larger than what was sent is capped', { cached_tokens: 500, text_tokens: 50, audio_tokens: 80, cached_tokens_details: { text_tokens: 400, audio_tokens: 100 } }, 50, 80],
    ['a split of the wrong shape reads as none cached', { cached_tokens: 30, text_tokens: 50, audio_tokens: 80, cached_tokens_details: { text_tokens: '10', audio_tokens: -1 } }, 0, 0],
    ['no cached tokens', { text_tokens: 50, audio_tokens: 80 }, 0, 0],
  ])('splits the cached input: %s', (_name, input_token_details, text, audio) => {
    const u = realtimeUsageOf({ input_tokens: 130, output_tokens: 0, input_token_details });
    expect({ text: u.cached_text_input, audio: u.cached_audio_input }).toEqual({ text, audio });
  });

  it.each([null, 'usage', [], { input_tokens: -3, input_token_details: { text_tokens: 1.5, audio_tokens: '9' } }])('reads %o as no usage', (raw) => {
    expect(realtimeUsageOf(raw)).toEqual(NO_REALTIME_USAGE);
  });
});
