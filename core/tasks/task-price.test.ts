import { describe, expect, it } from 'vitest';
import { defaultPriceSettings, type PriceSettings } from '../billing/price-settings.js';
import { taskPrice } from './task-price.js';

const base = defaultPriceSettings();
const withGroups: PriceSettings = { ...base, groupRatio: { default: 1, vip: 2, cheap: 0.5 } };

describe('taskPrice', () => {
  it.each<[string, string, PriceSettings, boolean, number, number]>([
    ['mj_imagine', 'default', base, false, 0.1, 50_000],
    ['mj_imagine', 'vip', withGroups, false, 0.1, 100_000],
    ['mj_upscale', 'cheap', withGroups, false, 0.05, 12_500],
    ['swap_face', 'default', base, false, 0.05, 25_000],
    ['mj_upload', 'default', base, false, 0.05, 25_000],
    ['suno_music', 'default', base, false, 0.1, 50_000],
    ['suno_lyrics', 'default', base, false, 0.01, 5_000],
    ['mj_imagine', 'default', { ...base, modelPrice: { mj_imagine: 0.2 } }, false, 0.2, 100_000],
    // the admin's ModelPrice lacks it: the shipped default still applies
    ['mj_describe', 'default', { ...base, modelPrice: { mj_imagine: 0.2 } }, false, 0.05, 25_000],
    ['mj_video', 'default', { ...base, selfUseMode: true }, false, 0.1, 50_000],
    ['mj_video', 'default', base, true, 0.1, 50_000],
    ['mj_edits', 'default', { ...base, modelRatio: { mj_edits: 1 } }, false, 0.1, 50_000],
  ])('%s in %s', (model, group, s, accept, price, quota) => {
    const r = taskPrice(model, group, s, accept);
    expect(r).toMatchObject({ ok: true, quota, price: { usePrice: true, modelPrice: price } });
  });

  it('charges nothing for a free action, whatever its price', () => {
    expect(taskPrice('mj_inpaint', 'default', { ...base, modelPrice: { mj_inpaint: 1 } }, false, true)).toMatchObject({ ok: true, quota: 0 });
  });

  it('refuses a model without price or ratio, in new-api’s words', () => {
    expect(taskPrice('mj_video', 'default', base, false)).toEqual({
      ok: false,
      message: '模型 mj_video 倍率或价格未配置，请联系管理员设置或开始自用模式；Model mj_video ratio or price not set, please set or start self-use mode',
    });
  });
});
