import { describe, expect, it } from 'vitest';
import { openAiUsageToResponses, responsesUsageToOpenAi } from './responses-usage.js';

describe('responsesUsageToOpenAi', () => {
  it.each([
    [null, null],
    [{ input_tokens: 10, output_tokens: 5, total_tokens: 15 }, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }],
    [
      { input_tokens: 100, input_tokens_details: { cached_tokens: 40 }, output_tokens: 30, output_tokens_details: { reasoning_tokens: 20 }, total_tokens: 130 },
      { prompt_tokens: 100, completion_tokens: 30, total_tokens: 130, prompt_tokens_details: { cached_tokens: 40 }, completion_tokens_details: { reasoning_tokens: 20 } },
    ],
    // A missing total is derived; negative and fractional counts never reach billing as such.
    [{ input_tokens: 7, output_tokens: 3 }, { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 }],
    [{ input_tokens: -5, output_tokens: 2.7, total_tokens: 0 }, { prompt_tokens: 0, completion_tokens: 2, total_tokens: 2 }],
  ])('%j → %j', (input, expected) => {
    expect(responsesUsageToOpenAi(input)).toEqual(expected);
  });
});

describe('openAiUsageToResponses', () => {
  it.each([
    [{ prompt_tokens: 10, completion_tokens: 5 }, { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 }],
    [
      { prompt_tokens: 100, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 40 }, completion_tokens_details: { reasoning_tokens: 20 } },
      { input_tokens: 100, input_tokens_details: { cached_tokens: 40 }, output_tokens: 30, output_tokens_details: { reasoning_tokens: 20 }, total_tokens: 130 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(openAiUsageToResponses(input)).toEqual(expected);
  });
});
