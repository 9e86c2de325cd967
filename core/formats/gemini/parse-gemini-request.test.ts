import { describe, expect, it } from 'vitest';
import { parseGeminiJson, parseGeminiRequest } from './parse-gemini-request.js';

const ok = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

describe('parseGeminiRequest', () => {
  it('reads proto snake_case field names as camelCase and keeps unknown fields', () => {
    const parsed = parseGeminiRequest('generateContent', {
      system_instruction: { parts: [{ text: 'be brief' }] },
      contents: [{ role: 'user', parts: [{ inline_data: { mime_type: 'image/png', data: 'AAAA' } }] }],
      generation_config: { max_output_tokens: 64, thinking_config: { thinking_budget: 0 } },
      tools: [{ function_declarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { snake_key: { type: 'STRING' } } } }] }, { googleSearch: {} }],
      cachedContent: 'cachedContents/x',
      labels: { team: 'a' },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const req = parsed.request;
    expect(req.systemInstruction?.parts[0]?.text).toBe('be brief');
    expect(req.contents[0]!.parts[0]!.inlineData).toEqual({ mimeType: 'image/png', data: 'AAAA' });
    expect(req.generationConfig).toMatchObject({ maxOutputTokens: 64, thinkingConfig: { thinkingBudget: 0 } });
    // user data under a message (a schema's property names) is never renamed
    expect(req.tools?.[0]?.functionDeclarations?.[0]?.parameters).toEqual({ type: 'OBJECT', properties: { snake_key: { type: 'STRING' } } });
    expect(req.tools?.[1]).toEqual({ googleSearch: {} });
    expect(req).toMatchObject({ cachedContent: 'cachedContents/x', labels: { team: 'a' } });
  });

  it.each([
    ['[]', 'Invalid JSON payload received. Root element must be a message.'],
    ['{"contents":', 'Invalid JSON payload received. Unexpected token.'],
    ['{}', '* GenerateContentRequest.contents: contents is not specified'],
    ['{"contents":[]}', '* GenerateContentRequest.contents: contents is not specified'],
    ['{"contents":[{"role":"user","parts":[]}]}', '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.'],
    ['{"contents":[{"role":"assistant","parts":[{"text":"x"}]}]}', 'Please use a valid role: user, model.'],
    ['{"contents":[{"parts":[{"text":"x"}]}],"generationConfig":{"temperature":"hot"}}', `Invalid value at 'generation_config.temperature' (TYPE_FLOAT), "hot"`],
    ['{"contents":[{"parts":[{"text":"x"}]}],"generation_config":{"max_output_tokens":1.5}}', `Invalid value at 'generation_config.max_output_tokens' (TYPE_INT32), 1.5`],
    ['{"contents":[{"parts":[{"text":7}]}]}', `Invalid value at 'contents[0].parts[0].text' (TYPE_STRING), 7`],
  ])('refuses %s with a 400 in Google words', (body, message) => {
    expect(parseGeminiJson('generateContent', body)).toEqual({ ok: false, failure: { status: 400, message, type: 'INVALID_ARGUMENT', code: 400 } });
  });

  it('accepts null as unset, like Google', () => {
    expect(parseGeminiRequest('generateContent', { ...ok, tools: null, generationConfig: { temperature: null } }).ok).toBe(true);
  });

  it.each([
    ['embedContent', { content: { parts: [{ text: 'a' }] }, task_type: 'RETRIEVAL_QUERY', output_dimensionality: 8 }, true],
    ['embedContent', {}, '* EmbedContentRequest.content: content is not specified'],
    ['batchEmbedContents', { requests: [{ model: 'models/e', content: { parts: [{ text: 'a' }] } }] }, true],
    ['batchEmbedContents', { requests: [] }, '* BatchEmbedContentsRequest.requests: requests is not specified'],
    ['countTokens', { contents: [{ parts: [{ text: 'a' }] }] }, true],
    ['countTokens', { generateContentRequest: { model: 'models/m', ...ok } }, true],
  ] as const)('%s %j → %s', (kind, body, expected) => {
    const parsed = parseGeminiRequest(kind, body);
    if (expected === true) expect(parsed.ok).toBe(true);
    else expect(parsed).toMatchObject({ ok: false, failure: { status: 400, message: expected } });
  });

  it('reads embedContent snake_case fields', () => {
    const parsed = parseGeminiRequest('embedContent', { content: { parts: [{ text: 'a' }] }, output_dimensionality: 8 });
    expect(parsed.ok && parsed.request.outputDimensionality).toBe(8);
  });
});
