import { describe, expect, it } from 'vitest';
import { defaultPriceSettings, type PriceSettings } from './price-settings.js';
import { resolvePrice } from './resolve-price.js';

const base = defaultPriceSettings();
const withSettings = (patch: Partial<PriceSettings>): PriceSettings => ({ ...base, ...patch });
const notSet = (m: string) =>
  `模型 ${m} 倍率或价格未配置，请联系管理员设置或开始自用模式；Model ${m} ratio or price not set, please set or start self-use mode`;

describe('resolvePrice', () => {
  it.each([
    // model, modelRatio, completionRatio, cacheRatio, imageRatio
    ['gpt-4o', 1.25, 4, 0.5, 1],
    ['gpt-4o-mini', 0.075, 4, 0.5, 1],
    ['claude-3-5-sonnet-20241022', 1.5, 5, 0.1, 1],
    ['deepseek-chat', 0.135, 4, 0.25, 1],
    ['gpt-3.5-turbo', 0.25, 3, 1, 1], // missing from CacheRatio → 1, not 0
    ['gpt-image-1', 2.5, 8, 1, 2],
    ['gpt-4-gizmo-g-abc', 15, 2, 1, 1], // ModelPrice is emptied here, so the wildcard ratio applies
  ] as const)('prices %s by ratio', (model, modelRatio, completionRatio, cacheRatio, imageRatio) => {
    const s = withSettings({ modelPrice: {} });
    expect(resolvePrice(model, 'default', s, false)).toEqual({
      ok: true,
      usePrice: false,
      modelPrice: -1,
      modelRatio,
      completionRatio,
      cacheRatio,
      cacheCreationRatio: 1.25,
      imageRatio,
      groupRatio: 1,
    });
  });

  it.each([
    ['dall-e-3', 0.04],
    ['mj_imagine', 0.1],
    ['mj_inpaint', 0],
    ['suno_music', 0.1],
    ['gpt-4-gizmo-g-abc', 0.1],
  ] as const)('bills %s per call at $%d and zeroes the ratios like new-api', (model, price) => {
    expect(resolvePrice(model, 'default', base, false)).toEqual({
      ok: true,
      usePrice: true,
      modelPrice: price,
      modelRatio: 0,
      completionRatio: 0,
      cacheRatio: 0,
      cacheCreationRatio: 0,
      imageRatio: 0,
      groupRatio: 1,
    });
  });

  it('finds the gpt-4o-gizmo-* ratio for gpt-4o gizmos', () => {
    const r = resolvePrice('gpt-4o-gizmo-g-xyz', 'default', base, false);
    expect(r).toMatchObject({ ok: true, usePrice: false, modelRatio: 2.5, completionRatio: 3 });
  });

  it('applies the group ratio, 1 for a missing group', () => {
    const s = withSettings({ groupRatio: { default: 1, cheap: 0.5, premium: 2 } });
    expect(resolvePrice('gpt-4o', 'cheap', s, false)).toMatchObject({ groupRatio: 0.5 });
    expect(resolvePrice('gpt-4o', 'premium', s, false)).toMatchObject({ groupRatio: 2 });
    expect(resolvePrice('gpt-4o', 'nobody', s, false)).toMatchObject({ groupRatio: 1 });
    expect(resolvePrice('dall-e-3', 'premium', s, false)).toMatchObject({ usePrice: true, groupRatio: 2 });
  });

  it('refuses an unknown model with new-api’s message', () => {
    expect(resolvePrice('my-model', 'default', base, false)).toEqual({ ok: false, message: notSet('my-model') });
  });

  it('bills an unknown model at 37.5 in self-use mode or when the user accepts unset ratios', () => {
    const selfUse = resolvePrice('my-model', 'default', withSettings({ selfUseMode: true }), false);
    const accepted = resolvePrice('my-model', 'default', base, true);
    for (const r of [selfUse, accepted]) {
      expect(r).toMatchObject({ ok: true, usePrice: false, modelPrice: -1, modelRatio: 37.5, completionRatio: 1 });
    }
  });

  it('never mistakes Object.prototype members for prices', () => {
    for (const m of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(resolvePrice(m, 'constructor', base, false)).toEqual({ ok: false, message: notSet(m) });
      expect(resolvePrice(m, 'constructor', base, true)).toMatchObject({ modelRatio: 37.5, groupRatio: 1 });
    }
  });

  it.each([
    // ModelPrice, ModelRatio, what gpt-5-openai-compact is billed by
    [{ '*-openai-compact': 0.02 }, {}, { usePrice: true, modelPrice: 0.02 }],
    [{}, { '*-openai-compact': 0.5 }, { usePrice: false, modelPrice: -1, modelRatio: 0.5 }],
    [{}, { '*-openai-compact': 0.5, 'gpt-5-openai-compact': 2 }, { usePrice: false, modelRatio: 2 }],
    // new-api asks ModelPrice first: the wildcard price beats the model's own ratio
    [{ '*-openai-compact': 0.02 }, { 'gpt-5-openai-compact': 2 }, { usePrice: true, modelPrice: 0.02 }],
    [{ '*-openai-compact': 0.02, 'gpt-5-openai-compact': 0.03 }, {}, { usePrice: true, modelPrice: 0.03 }],
  ] as const)('prices a compaction with ModelPrice %o and ModelRatio %o by %o', (modelPrice, modelRatio, expected) => {
    expect(resolvePrice('gpt-5-openai-compact', 'default', withSettings({ modelPrice, modelRatio }), false)).toMatchObject({ ok: true, ...expected });
  });

  it('refuses a compaction with neither its own entry nor the wildcard, whatever its base model costs', () => {
    const s = withSettings({ modelPrice: {}, modelRatio: { 'gpt-5': 0.625 } });
    expect(resolvePrice('gpt-5-openai-compact', 'default', s, false)).toEqual({ ok: false, message: notSet('gpt-5-openai-compact') });
    // a plain model never takes the compaction wildcard
    expect(resolvePrice('gpt-4o', 'default', withSettings({ modelPrice: {}, modelRatio: { '*-openai-compact': 1 } }), false)).toMatchObject({ ok: false });
  });

  it('treats a ratio of 0 as configured (free), not missing', () => {
    expect(resolvePrice('glm-4-flash', 'default', base, false)).toMatchObject({ ok: true, modelRatio: 0 });
  });
});
