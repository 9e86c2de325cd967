import { describe, expect, it } from 'vitest';
import { characterCount, imageCallPrice, imageLogNote, imageQualityRatio, imageSizeRatio, imageUsage, rerankUsage, speechCountsCharacters, transcriptionTokens } from './media-price.js';

describe('image prices', () => {
  it.each([
    ['256x256', 0.4],
    ['512x512', 0.45],
    ['1024x1024', 1],
    ['1024x1792', 2],
    ['1792x1024', 2],
    ['1536x1024', 1],
  ])('size %s × %d', (size, ratio) => {
    expect(imageSizeRatio(size)).toBe(ratio);
  });

  it.each([
    ['dall-e-3', 'hd', '1024x1024', 2],
    ['dall-e-3', 'hd', '1792x1024', 1.5],
    ['dall-e-3', 'hd', '1024x1792', 1.5],
    ['dall-e-3', 'standard', '1792x1024', 1],
    ['dall-e-2', 'hd', '1024x1024', 1],
  ])('%s quality %s at %s × %d', (model, quality, size, ratio) => {
    expect(imageQualityRatio({ model, quality, size })).toBe(ratio);
  });

  it.each([
    // ModelPrice × size × quality × n, and the quota at 500 000 per USD
    [0.04, { model: 'dall-e-3', size: '1024x1024', quality: 'standard', n: 1 }, 0.04, 20_000],
    [0.04, { model: 'dall-e-3', size: '1024x1024', quality: 'hd', n: 1 }, 0.08, 40_000],
    [0.04, { model: 'dall-e-3', size: '1792x1024', quality: 'hd', n: 1 }, 0.12, 60_000],
    [0.02, { model: 'dall-e-2', size: '256x256', quality: 'standard', n: 3 }, 0.024, 12_000],
    [0.02, { model: 'dall-e-2', size: '512x512', quality: 'standard', n: 2 }, 0.018, 9_000],
  ])('price %d for %j is %d USD', (price, order, usd, quota) => {
    const got = imageCallPrice(price, order);
    expect(got).toBeCloseTo(usd, 12);
    expect(Math.round(got * 500_000)).toBe(quota);
  });

  it('logs size and quality as new-api does', () => {
    expect(imageLogNote({ size: '1024x1024', quality: 'hd' })).toBe(', 大小 1024x1024, 品质 hd');
    expect(imageLogNote({ size: '512x512', quality: 'auto' })).toBe(', 大小 512x512, 品质 standard');
  });
});

describe('imageUsage', () => {
  it.each([
    ['gpt-image-1 usage', { usage: { input_tokens: 85, output_tokens: 272, input_tokens_details: { text_tokens: 20, image_tokens: 65 } } }, 1, { prompt_tokens: 85, completion_tokens: 272, prompt_tokens_details: { image_tokens: 65 } }],
    ['usage without image input', { usage: { input_tokens: 20, output_tokens: 544 } }, 2, { prompt_tokens: 20, completion_tokens: 544 }],
    ['no usage: n prompt tokens', { data: [{}, {}] }, 2, { prompt_tokens: 2, completion_tokens: 0 }],
    ['not an object', null, 1, { prompt_tokens: 1, completion_tokens: 0 }],
  ])('%s', (_name, answer, n, usage) => {
    expect(imageUsage(answer, n)).toEqual(usage);
  });
});

describe('rerankUsage', () => {
  it.each([
    ["Jina's usage", { usage: { prompt_tokens: 25, total_tokens: 25 } }, { prompt_tokens: 25, completion_tokens: 0 }],
    ["Jina's total only", { usage: { total_tokens: 12 } }, { prompt_tokens: 12, completion_tokens: 0 }],
    ["Cohere's billed units", { meta: { billed_units: { input_tokens: 30, output_tokens: 2 } } }, { prompt_tokens: 30, completion_tokens: 2 }],
    ['search units only', { meta: { billed_units: { search_units: 1 } } }, null],
    ['nothing', { results: [] }, null],
  ])('%s', (_name, answer, usage) => {
    expect(rerankUsage(answer)).toEqual(usage);
  });
});

describe('audio', () => {
  it.each([
    [0.26, 17],
    [1, 17],
    [2, 33],
    [2.0001, 50],
    [60, 1000],
    [90.5, 1517],
    [0, 0],
    [Number.NaN, 0],
  ])('%d seconds of transcription are %d tokens', (seconds, tokens) => {
    expect(transcriptionTokens(seconds)).toBe(tokens);
  });

  it.each([
    ['tts-1', true],
    ['tts-1-hd', true],
    ['gpt-4o-mini-tts', false],
  ])('%s counts characters: %s', (model, chars) => {
    expect(speechCountsCharacters(model)).toBe(chars);
  });

  it('counts characters as code points', () => {
    expect(characterCount('héllo 世界 😀')).toBe(10);
  });
});
