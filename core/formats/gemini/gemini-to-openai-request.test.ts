import { describe, expect, it } from 'vitest';
import { geminiToOpenAiRequest } from './gemini-to-openai-request.js';
import type { GeminiGenerateRequest } from './gemini-request-schema.js';
import { parseGeminiRequest } from './parse-gemini-request.js';

/** A client body as the endpoint parses it. */
const parsed = (body: unknown): GeminiGenerateRequest => {
  const result = parseGeminiRequest('generateContent', body);
  if (!result.ok) throw new Error(result.failure.message);
  return result.request;
};
const convert = (body: unknown, stream = false) => {
  const result = geminiToOpenAiRequest(parsed(body), 'gpt-4o', stream);
  if (!result.ok) throw new Error(result.failure.message);
  return result.request;
};

describe('geminiToOpenAiRequest', () => {
  it('converts a Gemini CLI style tool round trip with stable call ids and answers matched by name', () => {
    const req = convert({
      system_instruction: { parts: [{ text: 'You are a CLI.' }, { text: 'Be terse.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'list files' }, { text: 'in /tmp' }] },
        {
          role: 'model',
          parts: [
            { text: 'thinking…', thought: true },
            { text: 'Listing.' },
            { functionCall: { name: 'ls', args: { path: '/tmp' } }, thoughtSignature: 'sig' },
            { functionCall: { name: 'ls', args: { path: '/var' } } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'ls', response: { output: 'a b' } } },
            { functionResponse: { name: 'ls', response: { content: 'c' } } },
            { text: 'thanks' },
          ],
        },
      ],
    });
    expect(req.messages).toEqual([
      { role: 'system', content: 'You are a CLI.\nBe terse.' },
      { role: 'user', content: [{ type: 'text', text: 'list files' }, { type: 'text', text: 'in /tmp' }] },
      {
        role: 'assistant',
        content: 'Listing.',
        reasoning_content: 'thinking…',
        tool_calls: [
          { id: 'call_1_0', type: 'function', function: { name: 'ls', arguments: '{"path":"/tmp"}' }, extra_content: { google: { thought_signature: 'sig' } } },
          { id: 'call_1_1', type: 'function', function: { name: 'ls', arguments: '{"path":"/var"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1_0', content: '{"output":"a b"}' },
      { role: 'tool', tool_call_id: 'call_1_1', content: 'c' },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('matches answers by the ids Gemini gave its calls', () => {
    const req = convert({
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'a1', name: 'f', args: {} } }, { functionCall: { id: 'a2', name: 'f', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'a2', name: 'f', response: { r: 2 } } }, { functionResponse: { id: 'a1', name: 'f', response: { r: 1 } } }] },
      ],
    });
    expect(req.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['a2', 'a1']);
  });

  it('maps generation config, JSON output, tools with SDK-style schemas and the function calling mode', () => {
    const req = convert(
      {
        contents: [{ parts: [{ text: 'x' }] }],
        generationConfig: { maxOutputTokens: 50, temperature: 0.1, topP: 0.8, topK: 20, stopSequences: ['Z'], candidateCount: 2, seed: 3, responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } }, thinkingConfig: { thinkingBudget: 1024 } },
        tools: [
          { functionDeclarations: [{ name: 'f', description: 'F', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } }, { name: 'g', parametersJsonSchema: { type: 'object' } }, { name: 'h' }] },
          { googleSearch: {} },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['g'] } },
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      },
      true,
    );
    expect(req).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 50,
      temperature: 0.1,
      top_p: 0.8,
      top_k: 20,
      stop: ['Z'],
      n: 2,
      seed: 3,
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: { type: 'object', properties: { a: { type: 'string' } } } } },
      tools: [
        { type: 'function', function: { name: 'f', description: 'F', parameters: { type: 'object', properties: { q: { type: 'string' } } } } },
        { type: 'function', function: { name: 'g', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'h' } },
      ],
      tool_choice: { type: 'function', function: { name: 'g' } },
    });
  });

  it.each([
    ['NONE', 'none'],
    ['AUTO', 'auto'],
    ['VALIDATED', 'auto'],
    ['ANY', 'required'],
  ])('function calling mode %s → tool_choice %s', (mode, choice) => {
    const req = convert({ contents: [{ parts: [{ text: 'x' }] }], tools: [{ functionDeclarations: [{ name: 'f' }, { name: 'g' }] }], toolConfig: { functionCallingConfig: { mode } } });
    expect(req.tool_choice).toBe(choice);
  });

  it('sends inline media as image, audio or file parts and images by URL', () => {
    const req = convert({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: 'PNG' } },
            { inlineData: { mimeType: 'audio/mpeg', data: 'MP3' } },
            { inlineData: { mimeType: 'application/pdf', data: 'PDF' } },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://x.test/a.jpg' } },
          ],
        },
      ],
    });
    expect(req.messages[0]!.content).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,PNG' } },
      { type: 'input_audio', input_audio: { data: 'MP3', format: 'mp3' } },
      { type: 'file', file: { file_data: 'data:application/pdf;base64,PDF' } },
      { type: 'image_url', image_url: { url: 'https://x.test/a.jpg' } },
    ]);
  });

  it('refuses a non-image file by URI, which only Google can read, with INVALID_ARGUMENT', () => {
    const result = geminiToOpenAiRequest(parsed({ contents: [{ parts: [{ fileData: { mimeType: 'application/pdf', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/x' } }] }] }), 'gpt-4o', false);
    expect(result).toMatchObject({ ok: false, failure: { status: 400, type: 'INVALID_ARGUMENT' } });
  });
});
