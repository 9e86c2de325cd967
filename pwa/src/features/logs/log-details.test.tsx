// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../../core/contracts/log';
import { renderWithApp } from '../../test/render-with-app';
import { LogDetails } from './log-details';
import { surchargeTerms } from './log-view';

const entry = (quota: number, other: Record<string, unknown>): LogEntry => ({
  id: 1, created_at: 1_700_000_000, type: 2, content: '', username: 'u', token_name: 't', model_name: 'gpt-4o', quota,
  prompt_tokens: 10, completion_tokens: 20, use_time: 0, is_stream: false, channel: 1, group: 'default', other: JSON.stringify(other),
});
const display = { displayInCurrency: true, quotaPerUnit: 500_000 };
const formulaText = async () => (await screen.findByText((_, el) => el?.tagName === 'SPAN' && /=/.test(el.textContent ?? ''))).textContent;

describe('a consume log row expanded', () => {
  afterEach(cleanup);

  it('shows the web and file search charges in the cost formula, before the total', async () => {
    const other = { model_ratio: 1.25, completion_ratio: 4, group_ratio: 1, web_search: true, web_search_call_count: 2, web_search_price: 50, file_search: true, file_search_call_count: 1, file_search_price: 2.5 };
    renderWithApp(<LogDetails entry={entry(51_363, other)} display={display} />);
    expect(await formulaText()).toBe('（提示 10 + 补全 20 × 4）× 模型倍率 1.25 × 分组倍率 1 + Web Search 2 次 × $50 / 1K 次 × 分组倍率 1 + File Search 1 次 × $2.5 / 1K 次 × 分组倍率 1 = $0.102726');
  });

  it('keeps the plain formula when nothing was billed per call', async () => {
    renderWithApp(<LogDetails entry={entry(113, { model_ratio: 1.25, completion_ratio: 4, group_ratio: 1 })} display={display} />);
    expect(await formulaText()).toBe('（提示 10 + 补全 20 × 4）× 模型倍率 1.25 × 分组倍率 1 = $0.000226');
  });
});

describe('surchargeTerms', () => {
  it('lists the per-call charges in new-api order, skipping one without its price', () => {
    expect(surchargeTerms({ audio_input_seperate_price: true, audio_input_token_count: 300, audio_input_price: 0.7, web_search: true, web_search_price: 25 })).toEqual([
      { key: 'formulaWebSearch', count: 1, price: 25, per: '1K' },
      { key: 'formulaAudioInput', count: 300, price: 0.7, per: '1M' },
    ]);
    expect(surchargeTerms({ file_search: true, file_search_call_count: 3 })).toEqual([]);
  });
});
