import { describe, expect, it } from 'vitest';
import { geminiToOpenAiResponse } from './gemini-to-openai-response.js';
import { readGeminiResponse } from './gemini-response-schema.js';

const META = { id: 'chatcmpl-n1', model: 'gemini-2.5-flash', created: 1_700_000_000 };
const convert = (body: unknown) => geminiToOpenAiResponse(readGeminiResponse(body)!, META);

describe('geminiToOpenAiResponse', () => {
  it('converts text, thoughts, code execution, images and usage', () => {
    const res = convert({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Plan it.', thought: true },
              { text: 'Here:' },
              { executableCode: { language: 'PYTHON', code: 'print(1)' } },
              { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } },
              { text: 'Done ' },
              { text: 'and a picture:' },
              { inlineData: { mimeType: 'image/png', data: 'PNG' } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 100, cachedContentTokenCount: 60, candidatesTokenCount: 20, thoughtsTokenCount: 5, totalTokenCount: 125 },
      modelVersion: 'gemini-2.5-flash',
    });
    expect(res).toEqual({
      id: 'chatcmpl-n1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gemini-2.5-flash',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Here:\n```python\nprint(1)\n```\n```output\n1\n```\nDone and a picture:\n![image](data:image/png;base64,PNG)', reasoning_content: 'Plan it.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 25, total_tokens: 125, prompt_tokens_details: { cached_tokens: 60 }, completion_tokens_details: { reasoning_tokens: 5 } },
    });
  });

  it('turns function calls into tool calls with stable ids and finish tool_calls', () => {
    const body = { candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: { a: 1 } } }, { functionCall: { id: 'g1', name: 'g' } }] }, finishReason: 'STOP' }] };
    const res = convert(body);
    expect(res.choices[0]).toEqual({
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_n1_0_0', type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
          { id: 'g1', type: 'function', function: { name: 'g', arguments: '{}' } },
        ],
      },
      finish_reason: 'tool_calls',
    });
    expect(convert(body)).toEqual(res);
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    [undefined, 'stop'],
  ])('finish %s → %s', (finishReason, expected) => {
    expect(convert({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason }] }).choices[0]!.finish_reason).toBe(expected);
  });

  it('answers a blocked prompt with an empty content_filter choice and the usage', () => {
    const res = convert({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } });
    expect(res.choices).toEqual([{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' }]);
    expect(res.usage).toEqual({ prompt_tokens: 8, completion_tokens: 0, total_tokens: 8 });
  });

  it('keeps one choice per candidate', () => {
    const res = convert({ candidates: [{ content: { parts: [{ text: 'a' }] }, index: 0 }, { content: { parts: [{ text: 'b' }] }, index: 1 }] });
    expect(res.choices.map((c) => [c.index, c.message.content])).toEqual([[0, 'a'], [1, 'b']]);
  });
});
