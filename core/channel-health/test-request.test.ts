import { describe, expect, it } from 'vitest';
import { testConfig } from '../actors/test-channel-config.js';
import { OptionsStore } from '../options/options-store.js';
import { formatSettingsOf } from '../relay/format-settings-view.js';
import { buildTestRequest, isEmbeddingModel, testChat, testModelOf, untestableReason } from './test-request.js';
import { testVerdict } from './test-verdict.js';

const settings = formatSettingsOf(new OptionsStore());
const ch = (type: number, baseUrl = 'http://up.test') => testConfig({ type, baseUrl, keys: ['k'] });

describe('what a channel test sends', () => {
  it.each<[string, string, boolean]>([
    ['text-embedding-3-small', 'openai', true],
    ['bge-large-zh', 'openai', true],
    ['m3e-base', 'openai', true],
    ['gpt-4o-mini', 'openai', false],
    ['anything', 'mokaai', true],
  ])('%s on %s is an embedding model: %s', (model, kind, want) => {
    expect(isEmbeddingModel(model, kind === 'mokaai' ? 44 : 1)).toBe(want);
  });

  it.each<[string, Record<string, unknown>]>([
    ['gpt-4o-mini', { max_tokens: 10 }],
    ['o3-mini', { max_completion_tokens: 10 }],
    ['gpt-5', { max_completion_tokens: 10 }],
    ['gemini-2.0-flash', { max_tokens: 300 }],
    ['claude-3-7-sonnet-thinking', { max_tokens: 50 }],
  ])('a chat test of %s asks for %j', (model, limit) => {
    expect(testChat(model)).toEqual({ model, messages: [{ role: 'user', content: 'hi' }], ...limit });
  });

  it('picks the asked model, then test_model, then the first model, then gpt-4o-mini', () => {
    expect(testModelOf({ testModel: 't', models: ['a'] }, ' asked ')).toBe('asked');
    expect(testModelOf({ testModel: 't', models: ['a'] }, '')).toBe('t');
    expect(testModelOf({ testModel: '', models: ['a', 'b'] }, '')).toBe('a');
    expect(testModelOf({ testModel: '', models: [] }, '')).toBe('gpt-4o-mini');
  });

  it('refuses task channels with new-api’s words', () => {
    expect([2, 5, 36, 1].map(untestableReason)).toEqual(['midjourney channel test is not supported', 'midjourney plus channel test is not supported!!!', 'suno channel test is not supported', null]);
  });

  it.each<[string, number, string, { kind: string; url: string; auth: Record<string, string> }]>([
    ['OpenAI chat', 1, 'gpt-4o-mini', { kind: 'openai-chat', url: 'http://up.test/v1/chat/completions', auth: { authorization: 'Bearer k' } }],
    ['OpenAI embeddings', 1, 'text-embedding-3-small', { kind: 'openai-embeddings', url: 'http://up.test/v1/embeddings', auth: { authorization: 'Bearer k' } }],
    ['Azure deployment', 3, 'gpt-4o', { kind: 'openai-chat', url: 'http://up.test/openai/deployments/gpt-4o/chat/completions?api-version=2025-04-01-preview', auth: { 'api-key': 'k' } }],
    ['Anthropic Messages', 14, 'claude-3-5-haiku', { kind: 'claude', url: 'http://up.test/v1/messages', auth: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' } }],
    ['Gemini generateContent', 24, 'gemini-2.0-flash', { kind: 'gemini', url: 'http://up.test/v1beta/models/gemini-2.0-flash:generateContent', auth: { 'x-goog-api-key': 'k' } }],
    ['Gemini embedContent', 24, 'text-embedding-004', { kind: 'gemini-embed', url: 'http://up.test/v1beta/models/text-embedding-004:embedContent', auth: { 'x-goog-api-key': 'k' } }],
  ])('%s', (_name, type, model, want) => {
    const r = buildTestRequest(ch(type), model, model, 'k', settings);
    expect(r.kind).toBe(want.kind);
    expect(r.url).toBe(want.url);
    expect(r.headers).toMatchObject(want.auth);
  });

  it('sends the mapped model upstream', () => {
    expect(JSON.parse(buildTestRequest(ch(1), 'alias', 'real-model', 'k', settings).body)).toMatchObject({ model: 'real-model', max_tokens: 10 });
    expect(JSON.parse(buildTestRequest(ch(14), 'alias', 'claude-real', 'k', settings).body)).toMatchObject({ model: 'claude-real', max_tokens: 10 });
  });

  it("uses the provider's default base URL when the channel has none", () => {
    expect(buildTestRequest(ch(14, ''), 'claude-3-5-haiku', 'claude-3-5-haiku', 'k', settings).url).toBe('https://api.anthropic.com/v1/messages');
  });
});

describe('what a channel test answer says', () => {
  it.each<[string, Parameters<typeof testVerdict>, ReturnType<typeof testVerdict>]>([
    ['a chat completion', ['openai-chat', 200, '{"choices":[{"message":{"content":"hi"}}]}'], null],
    ['an embeddings list', ['openai-embeddings', 200, '{"data":[{"embedding":[0.1]}]}'], null],
    ['a Claude message', ['claude', 200, '{"type":"message","content":[{"type":"text","text":"hi"}]}'], null],
    ['Gemini candidates', ['gemini', 200, '{"candidates":[{"content":{"parts":[{"text":"hi"}]}}]}'], null],
    ['a Gemini embedding', ['gemini-embed', 200, '{"embedding":{"values":[0.1]}}'], null],
    ['a 401 with an OpenAI error', ['openai-chat', 401, '{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}'], { status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key', inBody: false }],
    ['a 502 with a plain body shows the body', ['openai-chat', 502, '<html>Bad Gateway</html>'], { status: 502, code: null, type: null, message: '<html>Bad Gateway</html>', inBody: false }],
    ['a 429 inside a 200 (OpenRouter)', ['openai-chat', 200, '{"error":{"message":"Rate limit exceeded","code":429}}'], { status: 200, code: 429, type: null, message: 'Rate limit exceeded', inBody: true }],
    ["Anthropic's error object", ['claude', 200, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'], { status: 200, code: null, type: 'overloaded_error', message: 'Overloaded', inBody: true }],
    ['a 200 without a result', ['openai-chat', 200, '{"object":"chat.completion"}'], { status: 200, message: 'invalid response: {"object":"chat.completion"}', inBody: true }],
    ['a 200 that is not JSON', ['gemini', 200, 'ok'], { status: 200, message: 'invalid response: ok', inBody: true }],
  ])('%s', (_name, args, want) => {
    expect(testVerdict(...args)).toEqual(want);
  });
});
