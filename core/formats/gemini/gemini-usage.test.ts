import { describe, expect, it } from 'vitest';
import { geminiUsageToOpenAi, openAiUsageToGemini } from './gemini-usage.js';

describe('geminiUsageToOpenAi', () => {
  it.each([
    [null, null],
    [{}, null],
    [{ promptTokenCount: 0, totalTokenCount: 0 }, null],
    [{ promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 }, { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 }],
    // thoughts are billed as completion (total − prompt) and reported as reasoning
    [
      { promptTokenCount: 5, candidatesTokenCount: 39, thoughtsTokenCount: 186, totalTokenCount: 230 },
      { prompt_tokens: 5, completion_tokens: 225, total_tokens: 230, completion_tokens_details: { reasoning_tokens: 186 } },
    ],
    // cached tokens are inside promptTokenCount already, as OpenAI counts them
    [
      { promptTokenCount: 2000, cachedContentTokenCount: 1500, candidatesTokenCount: 10, totalTokenCount: 2010 },
      { prompt_tokens: 2000, completion_tokens: 10, total_tokens: 2010, prompt_tokens_details: { cached_tokens: 1500 } },
    ],
    // tool-use prompt tokens are in the total, so they land in completion as new-api bills them
    [{ promptTokenCount: 10, candidatesTokenCount: 4, toolUsePromptTokenCount: 6, totalTokenCount: 20 }, { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 }],
    [
      { promptTokenCount: 30, totalTokenCount: 31, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 20 }, { modality: 'AUDIO', tokenCount: 10 }] },
      { prompt_tokens: 30, completion_tokens: 1, total_tokens: 31, prompt_tokens_details: { text_tokens: 20, audio_tokens: 10 } },
    ],
    // no total: candidates + thoughts; nonsense counts never reach billing
    [{ promptTokenCount: 8, candidatesTokenCount: 3, thoughtsTokenCount: 2 }, { prompt_tokens: 8, completion_tokens: 5, total_tokens: 13, completion_tokens_details: { reasoning_tokens: 2 } }],
    [{ promptTokenCount: -4, candidatesTokenCount: 2.9 }, { prompt_tokens: 0, completion_tokens: 2, total_tokens: 2 }],
    // only the prompt counted so far (the first chunks of a stream)
    [{ promptTokenCount: 9, totalTokenCount: 9 }, { prompt_tokens: 9, completion_tokens: 0, total_tokens: 9 }],
  ])('%j → %j', (input, expected) => {
    expect(geminiUsageToOpenAi(input)).toEqual(expected);
  });
});

describe('openAiUsageToGemini', () => {
  it.each([
    [{ prompt_tokens: 10, completion_tokens: 5 }, { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }],
    [
      { prompt_tokens: 100, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 40 }, completion_tokens_details: { reasoning_tokens: 20 } },
      { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 130, cachedContentTokenCount: 40, thoughtsTokenCount: 20 },
    ],
    // reasoning never exceeds the completion it is part of
    [{ prompt_tokens: 1, completion_tokens: 3, completion_tokens_details: { reasoning_tokens: 9 } }, { promptTokenCount: 1, candidatesTokenCount: 0, totalTokenCount: 4, thoughtsTokenCount: 3 }],
    [{}, { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 }],
  ])('%j → %j', (input, expected) => {
    expect(openAiUsageToGemini(input)).toEqual(expected);
  });

  it('round-trips through Gemini without losing a count', () => {
    const usage = { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129, prompt_tokens_details: { cached_tokens: 100 }, completion_tokens_details: { reasoning_tokens: 4 } };
    expect(geminiUsageToOpenAi(openAiUsageToGemini(usage))).toEqual(usage);
  });
});
