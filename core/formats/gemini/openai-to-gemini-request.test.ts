import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../openai/chat-types.js';
import { DEFAULT_GEMINI_SETTINGS } from './gemini-settings.js';
import { openAiToGeminiRequest, type OpenAiToGeminiOptions } from './openai-to-gemini-request.js';

const opts: OpenAiToGeminiOptions = { settings: DEFAULT_GEMINI_SETTINGS };
const convert = (req: Partial<ChatRequest>, o: Partial<OpenAiToGeminiOptions> = {}) =>
  openAiToGeminiRequest({ model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hi' }], ...req }, { ...opts, ...o });
const request = (req: Partial<ChatRequest>, o: Partial<OpenAiToGeminiOptions> = {}) => {
  const result = convert(req, o);
  if (!result.ok) throw new Error(result.failure.message);
  return result.request;
};

describe('openAiToGeminiRequest', () => {
  it('converts a tool round trip: system joined, assistant → model, tool result named after its call', () => {
    const req = request({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use metric.' }] },
        { role: 'system', content: '  ' },
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' }, extra_content: { google: { thought_signature: 'sig' } } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
        { role: 'tool', tool_call_id: 'call_x', name: 'other', content: '[1,2]' },
        { role: 'tool', tool_call_id: 'call_1', content: 'plain text' },
      ],
    });
    expect(req.systemInstruction).toEqual({ parts: [{ text: 'Be brief.\nUse metric.' }] });
    expect(req.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ text: 'Checking.' }, { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' }] },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { temp: 21 } } },
          { functionResponse: { name: 'other', response: { result: [1, 2] } } },
          { functionResponse: { name: 'get_weather', response: { content: 'plain text' } } },
        ],
      },
    ]);
    expect(req.safetySettings).toHaveLength(5);
  });

  it('maps generation settings, stop, n, seed and a cleaned response schema', () => {
    const req = request({
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      max_tokens: 100,
      max_completion_tokens: 300,
      stop: 'END',
      n: 2,
      seed: 7,
      response_format: { type: 'json_schema', json_schema: { name: 'r', schema: { type: 'object', title: 'R', additionalProperties: false, properties: { a: { type: 'string' } } } } },
    });
    expect(req.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 300,
      stopSequences: ['END'],
      candidateCount: 2,
      seed: 7,
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(request({ response_format: { type: 'json_object' } }).generationConfig).toEqual({ responseMimeType: 'application/json' });
  });

  it('declares functions with cleaned parameters, native tools as Gemini tools, and tool_choice as toolConfig', () => {
    const req = request({
      tools: [
        { type: 'function', function: { name: 'f', description: 'does f', parameters: { type: 'object', $schema: 'x', properties: { a: { type: 'string', default: 'z' } } } } },
        { type: 'function', function: { name: 'noargs', parameters: { type: 'object', properties: {} } } },
        { type: 'function', function: { name: 'googleSearch' } },
        { type: 'function', function: { name: 'codeExecution' } },
      ],
      tool_choice: { type: 'function', function: { name: 'f' } },
    });
    expect(req.tools).toEqual([
      { googleSearch: {} },
      { codeExecution: {} },
      { functionDeclarations: [{ name: 'f', description: 'does f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }, { name: 'noargs' }] },
    ]);
    expect(req.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } });
  });

  it.each([
    ['none', { mode: 'NONE' }],
    ['auto', { mode: 'AUTO' }],
    ['required', { mode: 'ANY' }],
  ] as const)('tool_choice %s → %j', (choice, config) => {
    const req = request({ tools: [{ type: 'function', function: { name: 'f' } }], tool_choice: choice });
    expect(req.toolConfig).toEqual({ functionCallingConfig: config });
  });

  it('passes the relay media map and image limit on to the content conversion', () => {
    const url = 'https://x.test/cat';
    const images = new Map([[url, { mimeType: 'image/jpeg', data: 'CAT' }]]);
    const messages: ChatRequest['messages'] = [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }];
    expect(request({ messages }, { images }).contents[0]!.parts).toEqual([{ inlineData: { mimeType: 'image/jpeg', data: 'CAT' } }]);
    expect(convert({ messages }, { maxImagesPerMessage: 0 })).toMatchObject({ ok: false, failure: { status: 400 } });
  });

  it('refuses tool-call arguments that are not a JSON object', () => {
    const result = convert({ messages: [{ role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":' } }] }] });
    expect(result).toMatchObject({ ok: false, failure: { status: 400, message: 'invalid arguments for function f, args: {"a":' } });
  });

  it('reads thinking suffixes when the adapter is on, returning the model to call, and asks imagine models for images', () => {
    const settings = { ...DEFAULT_GEMINI_SETTINGS, thinkingAdapterEnabled: true, supportedImagineModels: ['gemini-2.0-flash-exp'] };
    const result = convert({ model: 'gemini-2.5-flash-thinking', max_tokens: 1000 }, { settings });
    expect(result.ok && result.model).toBe('gemini-2.5-flash');
    expect(result.ok && result.request.generationConfig).toEqual({ maxOutputTokens: 1000, thinkingConfig: { includeThoughts: true, thinkingBudget: 600 } });
    const imagine = convert({ model: 'gemini-2.0-flash-exp' }, { settings });
    expect(imagine.ok && imagine.request.generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'] });
  });
});
