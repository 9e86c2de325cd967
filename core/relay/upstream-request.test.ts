import { describe, expect, it } from 'vitest';
import { toChannelConfig } from '../actors/channel-config.js';
import type { ChannelRow } from '../db/rows.js';
import type { InboundContext } from '../formats/format-contracts.js';
import { OptionsStore } from '../options/options-store.js';
import type { ClientFormat } from './endpoints.js';
import { formatSettingsOf } from './format-settings-view.js';
import { parseRelayRequest } from './relay-request.js';
import { upstreamCall, type CallContext } from './upstream-request.js';

const CHAT: InboundContext = { kind: 'chat', pathModel: null, pathStream: false, batch: false };
const ch = (type: number, extra: Partial<ChannelRow> = {}) =>
  toChannelConfig({ id: 1, type, key: 'k', name: 'c', base_url: 'http://up', models: 'm', group: 'default', status: 1, weight: 0, priority: 0, other: '', other_info: '', ...extra } as ChannelRow);
const req = (format: ClientFormat, body: object, ctx: InboundContext = CHAT) => parseRelayRequest(format, ctx, Buffer.from(JSON.stringify(body)), 'application/json');

function context(options = new OptionsStore(), clientHeaders: Record<string, string> = {}): CallContext {
  return { settings: formatSettingsOf(options), clientHeaders, forceStreamOption: true, azureApiVersion: 'v' };
}

const claudeBody = { model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };

describe('upstreamCall', () => {
  it('sends a Claude client\'s own bytes to an Anthropic channel when nothing changes', () => {
    const r = req('claude', claudeBody);
    expect(upstreamCall(r, ch(14), 'k', 'claude-x', context()).body).toBe(r.raw);
  });

  it('rewrites only the model of a Claude body when the channel maps it', () => {
    const out = JSON.parse(String(upstreamCall(req('claude', { ...claudeBody, metadata: { user_id: 'u' } }), ch(14), 'k', 'claude-y', context()).body));
    expect(out).toEqual({ ...claudeBody, model: 'claude-y', metadata: { user_id: 'u' } });
  });

  it.each<[string, Record<string, string>, Record<string, unknown>, Record<string, string>]>([
    ['defaults to anthropic-version 2023-06-01', {}, {}, { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }],
    ['passes the client\'s version and beta', { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'a,b' }, {}, { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'a,b' }],
    [
      'adds claude.model_headers_settings for the upstream model, merging betas',
      { 'anthropic-beta': 'a' },
      { 'claude-x': { 'anthropic-beta': ['c'], 'x-extra': ['v', 'w'] } },
      { 'anthropic-beta': 'a,c', 'x-extra': 'v,w' },
    ],
  ])('Claude headers: %s', (_name, clientHeaders, modelHeaders, expected) => {
    const options = new OptionsStore();
    options.apply('claude.model_headers_settings', JSON.stringify(modelHeaders));
    const call = upstreamCall(req('claude', claudeBody), ch(14), 'k', 'claude-x', context(options, clientHeaders));
    expect(call.url).toBe('http://up/v1/messages');
    expect(call.headers).toMatchObject(expected);
    expect(call.headers.authorization).toBeUndefined();
  });

  it('never forwards a Gemini client\'s ?key=, and puts the channel key in x-goog-api-key', () => {
    const raw = Buffer.from(JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }));
    const r = parseRelayRequest('gemini', { ...CHAT, pathModel: 'gemini-x', pathStream: true }, raw, 'application/json', 'alt=sse&key=sk-client');
    const call = upstreamCall(r, ch(24), 'k', 'gemini-x', context());
    expect(call.url).toBe('http://up/v1beta/models/gemini-x:streamGenerateContent?alt=sse');
    expect(call.headers).toEqual({ 'x-goog-api-key': 'k' });
    expect(call.body).toBe(r.raw);
  });

  it('converts an OpenAI request for a Gemini channel, with the version and safety settings of the options', () => {
    const call = upstreamCall(req('openai', { model: 'gemini-1.0-pro', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'hi' }] }), ch(24), 'k', 'gemini-1.0-pro', context());
    expect(call.url).toBe('http://up/v1/models/gemini-1.0-pro:generateContent');
    const body = JSON.parse(String(call.body));
    expect(body.systemInstruction.parts[0].text).toBe('s');
    expect(body.safetySettings.length).toBeGreaterThan(0);
  });

  it('asks a translated stream for usage where the channel accepts stream_options, and not elsewhere', () => {
    const r = req('claude', { ...claudeBody, stream: true });
    expect(JSON.parse(String(upstreamCall(r, ch(43), 'k', 'claude-x', context()).body)).stream_options).toEqual({ include_usage: true });
    expect(JSON.parse(String(upstreamCall(r, ch(8, { base_url: 'http://up/v1/chat/completions' }), 'k', 'claude-x', context()).body)).stream_options).toBeUndefined();
  });

  it('lays the channel\'s header_override over the dialect\'s headers', () => {
    const channel = ch(14, { header_override: JSON.stringify({ 'Anthropic-Version': '2025-01-01', 'X-Team': 'a', ignored: 3 }) } as Partial<ChannelRow>);
    expect(upstreamCall(req('claude', claudeBody), channel, 'k', 'claude-x', context()).headers).toEqual({ 'x-api-key': 'k', 'anthropic-version': '2025-01-01', 'x-team': 'a' });
  });

  it('refuses what a dialect cannot do as the client\'s error, before any request', () => {
    const r = req('openai', { model: 'e', input: 'x' }, { ...CHAT, kind: 'embeddings' });
    expect(() => upstreamCall(r, ch(14), 'k', 'e', context())).toThrow(/does not support embeddings/);
  });

  it('refuses previous_response_id on a channel that only speaks chat, and passes it to OpenAI', () => {
    const r = req('responses', { model: 'm', input: 'hi', previous_response_id: 'resp_1' });
    expect(() => upstreamCall(r, ch(43), 'k', 'm', context())).toThrow(/previous_response_id/);
    expect(upstreamCall(r, ch(1), 'k', 'm', context()).url).toBe('http://up/v1/responses');
  });

  it.each([21, 50])('refuses type %i, whose API has no adapter yet, instead of sending it an OpenAI body', (type) => {
    expect(() => upstreamCall(req('openai', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }), ch(type), 'k', 'm', context())).toThrow(/no adapter/);
  });

  it.each<[string, number, string, string, RegExp, object]>([
    ['Tencent Hunyuan, signed', 23, 'a|AKID|sk', 'http://up/', /^TC3-HMAC-SHA256 Credential=AKID\//, { Model: 'ERNIE-3.5-8K', Messages: [{ Role: 'user', Content: 'hi' }] }],
    ['Dify', 37, 'app-k', 'http://up/v1/chat-messages', /^Bearer app-k$/, { query: 'hi', response_mode: 'blocking' }],
    ['Baidu v1 (its token comes from the authorize step)', 15, 'ak|sk', 'http://up/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions', /^$/, { messages: [{ role: 'user', content: 'hi' }], max_output_tokens: 10 }],
  ])('builds the own protocol of %s from a Claude client through the hub adapter', (_name, type, key, url, auth, body) => {
    const call = upstreamCall(req('claude', claudeBody), ch(type), key, 'ERNIE-3.5-8K', context());
    expect(call.url).toBe(url);
    expect(call.headers.authorization ?? '').toMatch(auth);
    expect(JSON.parse(String(call.body))).toMatchObject(body);
  });

  it.each<[string, number, object, InboundContext, RegExp]>([
    ['chat on an embeddings-only provider', 44, { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, CHAT, /does not support chat/],
    ['embeddings on a chat-only provider', 37, { model: 'm', input: 'x' }, { ...CHAT, kind: 'embeddings' }, /does not support embeddings/],
    ['a Coze channel without a bot_id', 49, { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, CHAT, /bot_id/],
    ['a Tencent key that is not AppId|SecretId|SecretKey', 23, { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, CHAT, /AppId\|SecretId\|SecretKey/],
  ])('refuses %s before sending anything', (_name, type, body, ctx, message) => {
    expect(() => upstreamCall(req('openai', body, ctx), ch(type), 'k', 'm', context())).toThrow(message);
  });

  it('sends an OpenAI body to the Azure deployment with api-key, the version from other, and the model kept in the body', () => {
    const r = req('openai', { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    const call = upstreamCall(r, ch(3, { base_url: 'https://res.openai.azure.com', other: '2024-10-21', created_time: 1_800_000_000 }), 'az', 'gpt-4.1', context());
    expect(call.url).toBe('https://res.openai.azure.com/openai/deployments/gpt-4.1/chat/completions?api-version=2024-10-21');
    expect(call.headers).toEqual({ 'api-key': 'az' });
    expect(JSON.parse(String(call.body)).model).toBe('gpt-4.1');
  });

  it('translates a Claude request for Azure to chat completions on the deployment', () => {
    const call = upstreamCall(req('claude', claudeBody), ch(3, { base_url: 'https://res.openai.azure.com', created_time: 1_800_000_000 }), 'az', 'gpt-4o', context());
    expect(call.url).toBe('https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=v');
    expect(JSON.parse(String(call.body)).messages).toEqual(expect.arrayContaining([{ role: 'user', content: 'hi' }]));
  });

  const OVERRIDE = JSON.stringify({ temperature: 0.123, custom_flag: 'on' });
  const chatBody = { model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 1 };
  const geminiRequest = (action: 'generateContent' | 'embedContent', body: object) =>
    parseRelayRequest('gemini', { ...CHAT, kind: action === 'embedContent' ? 'embeddings' : 'chat', pathModel: 'm' }, Buffer.from(JSON.stringify(body)), 'application/json');
  // (client format, channel dialect) → the channel's param_override is on the body sent, applied once, after any conversion
  it.each<[string, () => ReturnType<typeof req>, number, string]>([
    ['OpenAI chat → OpenAI', () => req('openai', chatBody), 1, 'm'],
    ['OpenAI chat, model mapped → OpenAI', () => req('openai', chatBody), 1, 'm2'],
    ['OpenAI completions → OpenAI', () => req('openai', { model: 'm', prompt: 'hi' }, { ...CHAT, kind: 'completions' }), 1, 'm'],
    ['OpenAI embeddings → OpenAI', () => req('openai', { model: 'm', input: 'hi' }, { ...CHAT, kind: 'embeddings' }), 1, 'm'],
    ['Responses → OpenAI (passthrough)', () => req('responses', { model: 'm', input: 'hi' }), 1, 'm'],
    ['Claude → OpenAI (through the hub)', () => req('claude', claudeBody), 1, 'm'],
    ['Claude → Claude (native)', () => req('claude', claudeBody), 14, 'claude-x'],
    ['OpenAI → Claude (converted)', () => req('openai', chatBody), 14, 'claude-x'],
    ['Gemini → Gemini (native)', () => geminiRequest('generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }), 24, 'm'],
    ['Gemini embedContent → Gemini (native)', () => geminiRequest('embedContent', { content: { parts: [{ text: 'hi' }] } }), 24, 'm'],
    ['OpenAI → Gemini (converted)', () => req('openai', chatBody), 24, 'm'],
    ['Claude → Gemini (converted)', () => req('claude', claudeBody), 24, 'm'],
    // a `user` of its own: Dify's end-user id is otherwise fresh for every request
    ['OpenAI → own protocol (Dify, hub adapter)', () => req('openai', { ...chatBody, user: 'u' }), 37, 'm'],
  ])("param_override: %s", (_name, request, type, model) => {
    const r = request();
    const bare = JSON.parse(String(upstreamCall(r, ch(type), 'k', model, context()).body)) as Record<string, unknown>;
    expect(bare.custom_flag).toBeUndefined();
    const sent = JSON.parse(String(upstreamCall(r, ch(type, { param_override: OVERRIDE }), 'k', model, context()).body)) as Record<string, unknown>;
    // the override wins over what the conversion built, and everything else is as without it
    expect(sent).toEqual(Object.assign({}, bare, { temperature: 0.123, custom_flag: 'on' }));
  });

  it('signs an own-protocol body again after param_override (Tencent TC3)', () => {
    const r = req('openai', chatBody);
    const plain = upstreamCall(r, ch(23), 'a|AKID|sk', 'hunyuan-lite', context());
    const overridden = upstreamCall(r, ch(23, { param_override: JSON.stringify({ Temperature: 0.2 }) }), 'a|AKID|sk', 'hunyuan-lite', context());
    expect(JSON.parse(String(overridden.body)).Temperature).toBe(0.2);
    expect(overridden.headers.authorization).toMatch(/^TC3-HMAC-SHA256 /);
    expect(overridden.headers.authorization).not.toBe(plain.headers.authorization);
    expect(Object.keys(overridden)).toEqual(['url', 'headers', 'body']);
  });
});
