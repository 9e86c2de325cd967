import { describe, expect, it } from 'vitest';
import { buildConsumeOther, type ConsumeOtherArgs, consumeLogContent } from './consume-log.js';
import type { ResolvedPrice } from './resolve-price.js';

const ratio = (patch: Partial<ResolvedPrice> = {}): ResolvedPrice => ({
  ok: true,
  usePrice: false,
  modelPrice: -1,
  modelRatio: 1.25,
  completionRatio: 4,
  cacheRatio: 0.5,
  cacheCreationRatio: 1.25,
  imageRatio: 1,
  groupRatio: 1,
  ...patch,
});
const perCall = (modelPrice: number, groupRatio = 1): ResolvedPrice => ({
  ok: true,
  usePrice: true,
  modelPrice,
  modelRatio: 0,
  completionRatio: 0,
  cacheRatio: 0,
  cacheCreationRatio: 0,
  imageRatio: 0,
  groupRatio,
});

describe('consumeLogContent', () => {
  it.each<[string, ResolvedPrice, string[] | undefined, string]>([
    ['gpt-4o', ratio(), undefined, '模型倍率 1.25，补全倍率 4.00，分组倍率 1.00'],
    ['gpt-4o-mini', ratio({ modelRatio: 0.075 }), [], '模型倍率 0.07，补全倍率 4.00，分组倍率 1.00'],
    ['a zero-usage note', ratio(), ['（可能是上游超时）'], '模型倍率 1.25，补全倍率 4.00，分组倍率 1.00（可能是上游超时）'],
    ['two notes', ratio({ groupRatio: 0.7 }), ['（可能是请求出错）', '，x'], '模型倍率 1.25，补全倍率 4.00，分组倍率 0.70（可能是请求出错），x'],
    ['unset model ratio', ratio({ modelRatio: 37.5, completionRatio: 1 }), undefined, '模型倍率 37.50，补全倍率 1.00，分组倍率 1.00'],
    ['a tiny ratio', ratio({ modelRatio: 0.0001 }), undefined, '模型倍率 0.00，补全倍率 4.00，分组倍率 1.00'],
    ['dall-e-3 per call', perCall(0.04), undefined, '模型价格 0.04，分组倍率 1.00'],
    ['per call, group 2', perCall(0.1, 2), undefined, '模型价格 0.10，分组倍率 2.00'],
    ['free per call', perCall(0), ['（可能是上游超时）'], '模型价格 0.00，分组倍率 1.00（可能是上游超时）'],
  ])('%s', (_label, price, notes, content) => {
    expect(consumeLogContent(price, notes)).toBe(content);
  });

  // Go's %.2f rounds the exact binary value, exact ties to even; JavaScript's toFixed breaks ties upwards.
  it.each([
    [0.125, '0.12'], // exact tie → even
    [0.375, '0.38'], // exact tie → even
    [0.625, '0.62'], // exact tie → even
    [3.875, '3.88'], // exact tie → even
    [1234567.125, '1234567.12'], // exact tie → even
    [-0.125, '-0.12'],
    [0.25, '0.25'],
    [0.075, '0.07'], // 0.07499999999999999722…
    [2.5, '2.50'],
    [1.005, '1.00'], // 1.00499999999999989… in binary
    [0.015, '0.01'], // 0.01499999999999999944…
    [0.135, '0.14'], // 0.13500000000000000888…
    [1e21, '1000000000000000000000.00'],
    [-0.001, '-0.00'],
  ])('prints %d as Go does: %s', (value, printed) => {
    expect(consumeLogContent(ratio({ groupRatio: value }))).toBe(`模型倍率 1.25，补全倍率 4.00，分组倍率 ${printed}`);
  });

  it('prints 0 and -0 apart, as Go does, whichever came first (the printed ratios are memoised)', () => {
    expect(consumeLogContent(ratio({ groupRatio: -0 }))).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 -0.00');
    expect(consumeLogContent(ratio({ groupRatio: 0 }))).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 0.00');
    expect(consumeLogContent(ratio({ groupRatio: -0 }))).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 -0.00');
  });
});

const args = (patch: Partial<ConsumeOtherArgs> = {}): ConsumeOtherArgs => ({
  price: ratio(),
  cachedTokens: 0,
  frtMs: -1000,
  useChannel: ['12'],
  isModelMapped: false,
  upstreamModel: 'gpt-4o',
  ...patch,
});

describe('buildConsumeOther', () => {
  it.each<[string, ConsumeOtherArgs, Record<string, unknown>]>([
    [
      'a plain non-stream request',
      args(),
      { admin_info: { use_channel: ['12'] }, cache_ratio: 0.5, cache_tokens: 0, completion_ratio: 4, frt: -1000, group_ratio: 1, model_price: -1, model_ratio: 1.25 },
    ],
    [
      'cached tokens, retries over two channels',
      args({ cachedTokens: 800, frtMs: 412, useChannel: ['12', '15'], price: ratio({ groupRatio: 0.5 }) }),
      { admin_info: { use_channel: ['12', '15'] }, cache_ratio: 0.5, cache_tokens: 800, completion_ratio: 4, frt: 412, group_ratio: 0.5, model_price: -1, model_ratio: 1.25 },
    ],
    [
      'a per-call model',
      args({ price: perCall(0.04) }),
      { admin_info: { use_channel: ['12'] }, cache_ratio: 0, cache_tokens: 0, completion_ratio: 0, frt: -1000, group_ratio: 1, model_price: 0.04, model_ratio: 0 },
    ],
    [
      'model mapping and reasoning effort',
      args({ isModelMapped: true, upstreamModel: 'gpt-4o-2024-11-20', reasoningEffort: 'high' }),
      {
        admin_info: { use_channel: ['12'] },
        cache_ratio: 0.5,
        cache_tokens: 0,
        completion_ratio: 4,
        frt: -1000,
        group_ratio: 1,
        is_model_mapped: true,
        model_price: -1,
        model_ratio: 1.25,
        reasoning_effort: 'high',
        upstream_model_name: 'gpt-4o-2024-11-20',
      },
    ],
    [
      'locally counted usage, in admin_info as new-api writes it',
      args({ estimated: true }),
      { admin_info: { local_count_tokens: true, use_channel: ['12'] }, cache_ratio: 0.5, cache_tokens: 0, completion_ratio: 4, frt: -1000, group_ratio: 1, model_price: -1, model_ratio: 1.25 },
    ],
    [
      'a stream that ended normally',
      args({ frtMs: 230, streamStatus: { status: 'ok' } }),
      {
        admin_info: { use_channel: ['12'] },
        cache_ratio: 0.5,
        cache_tokens: 0,
        completion_ratio: 4,
        frt: 230,
        group_ratio: 1,
        model_price: -1,
        model_ratio: 1.25,
        stream_status: { end_reason: 'done', status: 'ok' },
      },
    ],
  ])('%s', (_label, input, other) => {
    // Byte for byte, key order included (the expectations are written in Go's sorted order).
    expect(JSON.stringify(buildConsumeOther(input))).toBe(JSON.stringify(other));
  });

  it.each<[ConsumeOtherArgs['streamStatus'], Record<string, unknown>]>([
    [{ status: 'ok', error: 'ignored' }, { end_reason: 'done', status: 'ok' }],
    [{ status: 'client_gone' }, { end_reason: 'client_gone', status: 'error' }],
    [{ status: 'upstream_error', error: 'unexpected EOF' }, { end_error: 'unexpected EOF', end_reason: 'upstream_failed', status: 'error' }],
  ])('maps stream status %j to new-api’s shape', (streamStatus, json) => {
    expect(buildConsumeOther(args({ streamStatus })).stream_status).toEqual(json);
  });

  it('leaves out empty reasoning effort and unmapped upstream names', () => {
    const other = buildConsumeOther(args({ reasoningEffort: '', upstreamModel: 'other' }));
    expect(other).not.toHaveProperty('reasoning_effort');
    expect(other).not.toHaveProperty('upstream_model_name');
    expect(other).not.toHaveProperty('is_model_mapped');
    expect(other).not.toHaveProperty('stream_status');
  });

  it('serialises with sorted keys, as Go prints a map', () => {
    const other = buildConsumeOther(
      args({ estimated: true, isModelMapped: true, upstreamModel: 'gpt-4o-2024-11-20', reasoningEffort: 'low', frtMs: 230, streamStatus: { status: 'client_gone' } }),
    );
    expect(JSON.stringify(other)).toBe(
      '{"admin_info":{"local_count_tokens":true,"use_channel":["12"]},"cache_ratio":0.5,"cache_tokens":0,"completion_ratio":4,' +
        '"frt":230,"group_ratio":1,"is_model_mapped":true,"model_price":-1,"model_ratio":1.25,"reasoning_effort":"low",' +
        '"stream_status":{"end_reason":"client_gone","status":"error"},"upstream_model_name":"gpt-4o-2024-11-20"}',
    );
  });

  it('copies use_channel', () => {
    const useChannel = ['1'];
    const other = buildConsumeOther(args({ useChannel }));
    useChannel.push('2');
    expect(other.admin_info).toEqual({ use_channel: ['1'] });
  });
});

describe('buildConsumeOther for cache writes and Claude requests', () => {
  it.each<[string, Partial<ConsumeOtherArgs>, Record<string, unknown>]>([
    [
      'a /v1/messages request, as B writes it',
      { claude: true, cachedTokens: 1000, cacheCreation: { tokens: 200, ratio: 1.25, tokens1h: 0, ratio1h: 2 }, price: ratio({ cacheRatio: 0.1, completionRatio: 5, modelRatio: 1.5 }) },
      {
        admin_info: { use_channel: ['12'] },
        cache_creation_ratio: 1.25,
        cache_creation_tokens: 200,
        cache_ratio: 0.1,
        cache_tokens: 1000,
        claude: true,
        completion_ratio: 5,
        frt: -1000,
        group_ratio: 1,
        model_price: -1,
        model_ratio: 1.5,
      },
    ],
    [
      'writes split by TTL add L’s _5m and _1h keys',
      { claude: true, cacheCreation: { tokens: 200, ratio: 1.25, tokens1h: 80, ratio1h: 2 } },
      {
        admin_info: { use_channel: ['12'] },
        cache_creation_ratio: 1.25,
        cache_creation_ratio_1h: 2,
        cache_creation_ratio_5m: 1.25,
        cache_creation_tokens: 200,
        cache_creation_tokens_1h: 80,
        cache_creation_tokens_5m: 120,
        cache_ratio: 0.5,
        cache_tokens: 0,
        claude: true,
        completion_ratio: 4,
        frt: -1000,
        group_ratio: 1,
        model_price: -1,
        model_ratio: 1.25,
      },
    ],
    [
      'an OpenAI-format request whose upstream reported writes: no `claude` key',
      { cacheCreation: { tokens: 50, ratio: 1.25, tokens1h: 0, ratio1h: 2 } },
      {
        admin_info: { use_channel: ['12'] },
        cache_creation_ratio: 1.25,
        cache_creation_tokens: 50,
        cache_ratio: 0.5,
        cache_tokens: 0,
        completion_ratio: 4,
        frt: -1000,
        group_ratio: 1,
        model_price: -1,
        model_ratio: 1.25,
      },
    ],
  ])('%s', (_label, patch, other) => {
    expect(JSON.stringify(buildConsumeOther(args(patch)))).toBe(JSON.stringify(other));
  });
});
