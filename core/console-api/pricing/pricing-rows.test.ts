import { describe, expect, it } from 'vitest';
import { defaultPriceSettings } from '../../billing/price-settings.js';
import { pricingRows } from './pricing-rows.js';

describe('pricingRows', () => {
  const s = { ...defaultPriceSettings(), modelRatio: { 'gpt-4o': 1.25, 'claude-3-5-haiku-20241022': 0.5, 'my-model': 2 }, completionRatio: { 'my-model': 3 } };

  it('gives one row per model with its distinct groups, ratio-billed models with their ratios', () => {
    const rows = pricingRows(
      [
        { model: 'gpt-4o', group: 'vip' },
        { model: 'gpt-4o', group: 'default' },
        { model: 'gpt-4o', group: 'default' },
        { model: 'claude-3-5-haiku-20241022', group: 'default' },
        { model: 'my-model', group: 'default' },
      ],
      s,
    );
    expect(rows).toEqual([
      { model_name: 'claude-3-5-haiku-20241022', quota_type: 0, model_ratio: 0.5, model_price: 0, owner_by: '', completion_ratio: 5, enable_groups: ['default'] },
      { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, model_price: 0, owner_by: '', completion_ratio: 4, enable_groups: ['default', 'vip'] },
      // no hard-coded family: the CompletionRatio option applies
      { model_name: 'my-model', quota_type: 0, model_ratio: 2, model_price: 0, owner_by: '', completion_ratio: 3, enable_groups: ['default'] },
    ]);
  });

  it.each([
    ['a fixed price wins over a ratio', 'dall-e-3', { quota_type: 1, model_price: 0.04, model_ratio: 0, completion_ratio: 0 }],
    ['gizmo names find the wildcard price', 'gpt-4-gizmo-g-abc', { quota_type: 1, model_price: 0.1, model_ratio: 0, completion_ratio: 0 }],
    ['an unset model shows ratio 37.5', 'unknown-model', { quota_type: 0, model_price: 0, model_ratio: 37.5, completion_ratio: 1 }],
  ])('%s', (_, model, expected) => {
    const [row] = pricingRows([{ model, group: 'default' }], defaultPriceSettings());
    expect(row).toMatchObject({ model_name: model, ...expected });
  });

  it('is empty without abilities', () => {
    expect(pricingRows([], s)).toEqual([]);
  });
});
