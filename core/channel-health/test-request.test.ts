import { describe, expect, it } from 'vitest';
import { testConfig } from '../actors/test-channel-config.js';
import { OptionsStore } from '../options/options-store.js';
import { AZURE_DEFAULT_API_VERSION } from '../providers/azure/azure-host.js';
import { providerOf } from '../providers/registry.js';
import { formatSettingsOf } from '../relay/format-settings-view.js';
import { buildTestRequest, isEmbeddingModel, testChat, testMappedName, testModelOf, untestableReason } from './test-request.js';
import { testVerdict } from './test-verdict.js';

const settings = { settings: formatSettingsOf(new OptionsStore()), clientHeaders: {}, forceStreamOption: false, azureApiVersion: AZURE_DEFAULT_API_VERSION };
const ch = (type: number, baseUrl = 'http://up.test', other = '') => testConfig({ type, baseUrl, keys: ['k'], other });

describe('what a channel test sends', () => {
  it.each<[string, number, boolean]>([
    ['text-embedding-3-small', 1, true],
    ['bge-large-zh', 1, true],
    ['m3e-base', 1, true],
    ['gpt-4o-mini', 1, false],
    ['anything', 44, true], // MokaAI M3E serves embeddings only
    ['jina-clip-v1', 38, true], // so does Jina (embeddings and rerank, no chat)
    ['claude-3-5-haiku', 14, false],
  ])('%s on type %i is an embedding model: %s', (model, type, want) => {
    expect(isEmbeddingModel(model, type)).toBe(want);
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

  it('refuses task channels with new-api’s words, and types the relay has no adapter for', () => {
    expect([2, 5, 36, 1].map(untestableReason)).toEqual(['midjourney channel test is not supported', 'midjourney plus channel test is not supported!!!', 'suno channel test is not supported', null]);
    expect(untestableReason(21)).toBe('channel type 21 (知识库：AI Proxy) has no adapter yet');
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

  // Built as the relay builds them, before the row's authorize step (signing, tokens) rewrites the call.
  it.each<[string, number, string, { key?: string; other?: string }, { kind: string; url: string; body: Record<string, unknown> }]>([
    ['Bedrock speaks Claude', 33, 'claude-3-5-sonnet-20240620', {}, { kind: 'claude', url: 'http://up.test/v1/messages', body: { model: 'claude-3-5-sonnet-20240620', max_tokens: 10 } }],
    ['Vertex speaks Claude for a Claude model', 41, 'claude-3-5-sonnet-20240620', {}, { kind: 'claude', url: 'http://up.test/v1/messages', body: { max_tokens: 10 } }],
    ['Vertex speaks Gemini for a Gemini model', 41, 'gemini-2.5-flash', {}, { kind: 'gemini', url: 'http://up.test/v1beta/models/gemini-2.5-flash:generateContent', body: { generationConfig: { maxOutputTokens: 300 } } }],
    ['Tencent through its adapter', 23, 'hunyuan-lite', { key: '1300000000|AKIDid|secret' }, { kind: 'hub-chat', url: 'http://up.test/', body: { Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }], Stream: false } }],
    ['Dify through its adapter', 37, 'dify', {}, { kind: 'hub-chat', url: 'http://up.test/v1/chat-messages', body: { query: 'hi', response_mode: 'blocking' } }],
    ['Baidu through its adapter', 15, 'ERNIE-3.5-8K', {}, { kind: 'hub-chat', url: 'http://up.test/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions', body: { messages: [{ role: 'user', content: 'hi' }], max_output_tokens: 10 } }],
    ['Coze through its adapter', 49, 'coze-bot', { other: '7350000000000000001' }, { kind: 'hub-chat', url: 'http://up.test/v3/chat', body: { bot_id: '7350000000000000001' } }],
    ['MokaAI embeddings through its adapter', 44, 'm3e-base', {}, { kind: 'hub-embeddings', url: 'http://up.test/embeddings', body: { model: 'm3e-base', input: ['hello world'] } }],
    // new-api tests Codex (and *codex* models where /v1/responses passes through) with a Responses request
    ['Codex with a Responses request', 57, 'gpt-5', {}, { kind: 'openai-responses', url: 'http://up.test/backend-api/codex/responses', body: { model: 'gpt-5', input: [{ role: 'user', content: 'hi' }], stream: false } }],
    ['a codex model on OpenAI with a Responses request', 1, 'gpt-5-codex', {}, { kind: 'openai-responses', url: 'http://up.test/v1/responses', body: { model: 'gpt-5-codex', input: [{ role: 'user', content: 'hi' }], stream: false } }],
    ['a codex model where responses are not passed through keeps chat', 19, 'gpt-5-codex', {}, { kind: 'openai-chat', url: 'http://up.test/v1/chat/completions', body: { model: 'gpt-5-codex' } }],
  ])('%s', (_name, type, model, spec, want) => {
    const r = buildTestRequest(ch(type, 'http://up.test', spec.other), model, model, spec.key ?? 'k', settings);
    expect(r.kind).toBe(want.kind);
    expect(r.url).toBe(want.url);
    expect(JSON.parse(String(r.body))).toMatchObject(want.body);
  });

  it('refuses a request the adapter cannot build (a Coze channel without its bot id)', () => {
    expect(() => buildTestRequest(ch(49), 'coze-bot', 'coze-bot', 'k', settings)).toThrow();
  });

  it('tests a -openai-compact model with a compaction under its base name, where responses pass through', () => {
    expect(testMappedName(57, 'gpt-5-openai-compact')).toBe('gpt-5');
    expect(testMappedName(19, 'gpt-5-openai-compact')).toBe('gpt-5-openai-compact');
    const r = buildTestRequest(ch(57), 'gpt-5-openai-compact', 'gpt-5', 'k', settings);
    expect(r).toMatchObject({ kind: 'openai-responses', url: 'http://up.test/backend-api/codex/responses/compact' });
    // Codex's body clean-up (instructions present) is the host's, before param_override
    expect(JSON.parse(String(r.body))).toEqual({ model: 'gpt-5', input: [{ role: 'user', content: 'hi' }], instructions: '' });
  });

  it('sends the mapped model upstream', () => {
    expect(JSON.parse(String(buildTestRequest(ch(1), 'alias', 'real-model', 'k', settings).body))).toMatchObject({ model: 'real-model', max_tokens: 10 });
    expect(JSON.parse(String(buildTestRequest(ch(14), 'alias', 'claude-real', 'k', settings).body))).toMatchObject({ model: 'claude-real', max_tokens: 10 });
  });

  it("uses the provider's default base URL when the channel has none", () => {
    expect(buildTestRequest(ch(14, ''), 'claude-3-5-haiku', 'claude-3-5-haiku', 'k', settings).url).toBe('https://api.anthropic.com/v1/messages');
  });
});

describe('what a channel test answer says', () => {
  it.each<[string, Parameters<typeof testVerdict>, ReturnType<typeof testVerdict>]>([
    ['a chat completion', ['openai-chat', 200, '{"choices":[{"message":{"content":"hi"}}]}'], null],
    ['an embeddings list', ['openai-embeddings', 200, '{"data":[{"embedding":[0.1]}]}'], null],
    ['a Responses answer', ['openai-responses', 200, '{"object":"response","output":[{"type":"message"}]}'], null],
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

  // An own-protocol answer is judged by what its adapter reads from it, as the relay reads it.
  it.each<[string, number, Parameters<typeof testVerdict>, ReturnType<typeof testVerdict>]>([
    ['a Baidu answer', 15, ['hub-chat', 200, '{"result":"hi","usage":{"prompt_tokens":1,"completion_tokens":1}}'], null],
    ['a Dify answer', 37, ['hub-chat', 200, '{"event":"message","answer":"hi","conversation_id":"c","message_id":"m","created_at":1}'], null],
    ['a MokaAI embedding', 44, ['hub-embeddings', 200, '{"data":[{"embedding":[0.1]}]}'], null],
    ["Baidu's refusal inside a 200", 15, ['hub-chat', 200, '{"error_code":110,"error_msg":"Access token invalid"}'], { status: 500, code: 110, type: 'upstream_error', message: 'Access token invalid', inBody: true }],
    [
      "Tencent's signature refusal inside a 200",
      23,
      ['hub-chat', 200, '{"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"The provided credentials could not be validated."}}}'],
      { status: 500, code: 'AuthFailure.SignatureFailure', type: 'upstream_error', message: 'The provided credentials could not be validated.', inBody: true },
    ],
    ["Dify's 401", 37, ['hub-chat', 401, '{"code":"unauthorized","message":"Access token is invalid","status":401}'], { status: 401, code: null, type: null, message: 'Access token is invalid', inBody: false }],
    ['a chat verdict asked of an embeddings-only adapter', 44, ['hub-chat', 200, '{}'], { status: 200, message: 'no chat adapter for this channel type', inBody: true }],
  ])('%s', (_name, type, [kind, status, body], want) => {
    expect(testVerdict(kind, status, body, providerOf(type).hub)).toEqual(want);
  });
});
