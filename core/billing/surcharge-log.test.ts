import { describe, expect, it } from 'vitest';
import { surchargeLog } from './surcharge-log.js';

const web = { calls: 2, price: 50, quota: '50000', contextSize: 'high' as const };
const file = { calls: 1, price: 2.5, quota: '1250' };
const audio = { calls: 1000, price: 0.7, quota: '350' };
const claude = { calls: 2, price: 10, quota: '10000' };

describe('surchargeLog', () => {
  it('is null when no surcharge was billed', () => {
    expect(surchargeLog({})).toBeNull();
  });

  it.each([
    ['web search', { webSearch: web }, ', Web Search 调用 2 次，上下文大小 high，调用花费 50000', { web_search: true, web_search_call_count: 2, web_search_price: 50 }],
    ['file search', { fileSearch: file }, ', File Search 调用 1 次，调用花费 1250', { file_search: true, file_search_call_count: 1, file_search_price: 2.5 }],
    ['audio input', { audioInput: audio }, ', Audio Input 花费 350', { audio_input_seperate_price: true, audio_input_token_count: 1000, audio_input_price: 0.7 }],
    [
      'all three, in new-api order with no separator between them',
      { audioInput: audio, fileSearch: file, webSearch: web },
      ', Web Search 调用 2 次，上下文大小 high，调用花费 50000File Search 调用 1 次，调用花费 1250Audio Input 花费 350',
      {
        web_search: true,
        web_search_call_count: 2,
        web_search_price: 50,
        file_search: true,
        file_search_call_count: 1,
        file_search_price: 2.5,
        audio_input_seperate_price: true,
        audio_input_token_count: 1000,
        audio_input_price: 0.7,
      },
    ],
    ["Claude's web search", { claudeWebSearch: claude }, ', Claude Web Search 调用 2 次，调用花费 10000', { web_search: true, web_search_call_count: 2, web_search_price: 10 }],
    [
      "Claude's web search after OpenAI's and before file search; the web_search keys stay OpenAI's",
      { fileSearch: file, claudeWebSearch: claude, webSearch: web },
      ', Web Search 调用 2 次，上下文大小 high，调用花费 50000Claude Web Search 调用 2 次，调用花费 10000File Search 调用 1 次，调用花费 1250',
      { web_search: true, web_search_call_count: 2, web_search_price: 50, file_search: true, file_search_call_count: 1, file_search_price: 2.5 },
    ],
    [
      "Claude's web search with file search: its keys as web_search's",
      { fileSearch: file, claudeWebSearch: { ...claude, calls: 1, quota: '3500' } },
      ', Claude Web Search 调用 1 次，调用花费 3500File Search 调用 1 次，调用花费 1250',
      { web_search: true, web_search_call_count: 1, web_search_price: 10, file_search: true, file_search_call_count: 1, file_search_price: 2.5 },
    ],
    ['a decimal quota as computeTextQuota prints it', { webSearch: { ...web, calls: 1, price: 27.5, quota: '13.75', contextSize: 'medium' as const } }, ', Web Search 调用 1 次，上下文大小 medium，调用花费 13.75', { web_search: true, web_search_call_count: 1, web_search_price: 27.5 }],
  ])('%s', (_name, q, note, other) => {
    const log = surchargeLog(q);
    expect(log?.note).toBe(note);
    expect(log?.other).toStrictEqual(other);
  });
});
