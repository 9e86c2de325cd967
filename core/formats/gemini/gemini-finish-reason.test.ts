import { describe, expect, it } from 'vitest';
import type { ChatFinishReason } from '../openai/chat-types.js';
import { geminiFinishToOpenAi, openAiFinishToGemini } from './gemini-finish-reason.js';

describe('geminiFinishToOpenAi', () => {
  it.each<[string | null | undefined, boolean, ChatFinishReason]>([
    ['STOP', false, 'stop'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['BLOCKLIST', false, 'content_filter'],
    ['OTHER', false, 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'content_filter'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', true, 'tool_calls'],
    [null, true, null],
    [undefined, false, null],
    ['', false, null],
  ])('%s (tools called: %s) → %s', (reason, calledTools, expected) => {
    expect(geminiFinishToOpenAi(reason, calledTools)).toBe(expected);
  });
});

describe('openAiFinishToGemini', () => {
  it.each<[ChatFinishReason | undefined, string]>([
    ['stop', 'STOP'],
    ['tool_calls', 'STOP'],
    ['function_call', 'STOP'],
    ['length', 'MAX_TOKENS'],
    ['max_tokens', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
    [null, 'STOP'],
    [undefined, 'STOP'],
  ])('%s → %s', (reason, expected) => {
    expect(openAiFinishToGemini(reason)).toBe(expected);
  });
});
