import { describe, expect, it, vi } from 'vitest';
import { ChannelActor } from '../actors/channel-actor.js';
import { toChannelConfig } from '../actors/channel-config.js';
import type { AppServices } from '../app-services.js';
import type { ChannelRow } from '../db/rows.js';
import type { InboundContext } from '../formats/format-contracts.js';
import { OptionsStore } from '../options/options-store.js';
import * as answers from './__fixtures__/dialect-answers.js';
import { fakeExchange } from './__fixtures__/fake-exchange.js';
import { fakeUpstream } from './__fixtures__/fake-upstream.js';
import type { ClientFormat } from './endpoints.js';
import { forwardAttempt, type ForwardDeps } from './forward-attempt.js';
import { parseRelayRequest } from './relay-request.js';

const env = { FORCE_STREAM_OPTION: true, FIRST_BYTE_TIMEOUT: 30, STREAMING_TIMEOUT: 30, RELAY_TIMEOUT: 0 } as AppServices['env'];
const log = { warn() {}, error() {}, info() {}, debug() {} } as unknown as AppServices['log'];

const channel = (type: number) =>
  new ChannelActor(
    toChannelConfig({ id: 7, type, key: 'sk-upstream', name: 'c', base_url: 'http://up.test', models: 'm', group: 'default', status: 1, weight: 0, priority: 0, other: '', other_info: '' } as ChannelRow),
  );

/** The same question in each client format, and where that client would send it. */
function clientRequest(format: ClientFormat, stream: boolean): { body: object; ctx: InboundContext; query: string } {
  const ctx: InboundContext = { kind: 'chat', pathModel: null, pathStream: false, batch: false };
  switch (format) {
    case 'openai':
      return { body: { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream, ...(stream ? { stream_options: { include_usage: true } } : {}) }, ctx, query: '' };
    case 'claude':
      return { body: { model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], stream }, ctx, query: '' };
    case 'gemini':
      return { body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, ctx: { ...ctx, pathModel: 'm', pathStream: stream }, query: stream ? 'alt=sse' : '' };
    case 'responses':
      return { body: { model: 'm', input: 'hi', stream }, ctx, query: '' };
  }
}

const dataEvents = (body: string) =>
  body
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)) as Record<string, any>);

/** The text a client of this format reads from what it received. */
function clientText(format: ClientFormat, stream: boolean, body: string): string {
  if (!stream) {
    const j = JSON.parse(body) as Record<string, any>;
    if (format === 'openai') return j.choices[0].message.content;
    if (format === 'claude') return j.content.map((b: { text?: string }) => b.text ?? '').join('');
    if (format === 'gemini') return j.candidates[0].content.parts.map((p: { text?: string }) => p.text ?? '').join('');
    return j.output.flatMap((o: { content?: Array<{ text: string }> }) => o.content ?? []).map((c: { text: string }) => c.text).join('');
  }
  const events = dataEvents(body);
  if (format === 'openai') return events.map((e) => e.choices?.[0]?.delta?.content ?? '').join('');
  if (format === 'claude') return events.filter((e) => e.type === 'content_block_delta').map((e) => e.delta.text ?? '').join('');
  if (format === 'gemini') return events.flatMap((e) => e.candidates?.[0]?.content?.parts ?? []).map((p: { text?: string }) => p.text ?? '').join('');
  return events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
}

/** How each client format's stream closes. */
const CLOSES: Record<ClientFormat, RegExp> = {
  openai: /data: \[DONE\]\n\n$/,
  claude: /event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/,
  gemini: /"usageMetadata":\{"promptTokenCount":5,"candidatesTokenCount":2,"totalTokenCount":7\}.*\r\n\r\n$/s,
  responses: /"type":"response.completed".*\n\n$/s,
};

/** Where each dialect is asked, and with which credential header. */
const UPSTREAM: Record<number, { path: (stream: boolean, native: boolean) => string; auth: [string, string] }> = {
  1: { path: (_s, native) => (native ? '/v1/responses' : '/v1/chat/completions'), auth: ['authorization', 'Bearer sk-upstream'] },
  43: { path: () => '/v1/chat/completions', auth: ['authorization', 'Bearer sk-upstream'] },
  14: { path: () => '/v1/messages', auth: ['x-api-key', 'sk-upstream'] },
  24: { path: (s) => (s ? '/v1beta/models/m:streamGenerateContent?alt=sse' : '/v1beta/models/m:generateContent'), auth: ['x-goog-api-key', 'sk-upstream'] },
};

function upstreamAnswer(type: number, format: ClientFormat, stream: boolean): string {
  if (type === 1 && format === 'responses') return stream ? answers.RESPONSES_STREAM : answers.RESPONSES_COMPLETE;
  if (type === 14) return stream ? answers.CLAUDE_STREAM : answers.CLAUDE_COMPLETE;
  if (type === 24) return stream ? answers.GEMINI_STREAM : answers.GEMINI_COMPLETE;
  return stream ? answers.OPENAI_STREAM : answers.OPENAI_COMPLETE;
}

const FORMATS: ClientFormat[] = ['openai', 'claude', 'gemini', 'responses'];
const CASES = FORMATS.flatMap((format) => [1, 43, 14, 24].flatMap((type) => [false, true].map((stream) => [format, type, stream] as const)));

describe('forwardAttempt: every client format on every channel dialect, in process', () => {
  it.each(CASES)('%s client, channel type %i, stream %s', async (format, type, stream) => {
    const { body, ctx, query } = clientRequest(format, stream);
    const raw = Buffer.from(JSON.stringify(body));
    const req = parseRelayRequest(format, ctx, raw, 'application/json');
    const up = fakeUpstream(upstreamAnswer(type, format, stream), 13, stream ? 'text/event-stream' : 'application/json');
    const deps: ForwardDeps = { env, options: new OptionsStore(), log, upstream: up.client };
    const { ex, received } = fakeExchange({ query, headers: { 'content-type': 'application/json' } });

    const outcome = await forwardAttempt(deps, ex, req, channel(type), Date.now());
    if (outcome.translator) ex.end(outcome.translator.end(outcome.usage!));
    await new Promise((r) => setImmediate(r));

    const native = type === 1 && format === 'responses';
    const sent = up.sent[0]!;
    expect(sent.url).toBe(`http://up.test${UPSTREAM[type]!.path(stream, native)}`);
    const [header, value] = UPSTREAM[type]!.auth;
    expect(sent.headers[header]).toBe(value);
    expect(String(sent.body)).not.toContain('sk-');
    expect(outcome.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 2 });
    expect(outcome.delivered().text).toContain('Hello world');
    expect(received.ended).toBe(true);
    expect(clientText(format, stream, received.body)).toBe('Hello world');
    if (stream) expect(received.body).toMatch(CLOSES[format]);
  });
});

describe('forwardAttempt: rows that sign or fetch tokens (authorize)', () => {
  const openAiChat = () => parseRelayRequest('openai', { kind: 'chat', pathModel: null, pathStream: false, batch: false }, Buffer.from(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })), 'application/json');
  const keyed = (type: number, key: string) =>
    new ChannelActor(toChannelConfig({ id: 8, type, key, name: 'c', base_url: 'http://up.test', models: 'm', group: 'default', status: 1, weight: 0, priority: 0, other: 'us-central1', other_info: '' } as ChannelRow));

  it('sends what the hook returns: a Bedrock call signed with SigV4 on the InvokeModel path', async () => {
    const up = fakeUpstream(answers.CLAUDE_COMPLETE, 13);
    const { ex, received } = fakeExchange({ query: '', headers: { 'content-type': 'application/json' } });
    const outcome = await forwardAttempt({ env, options: new OptionsStore(), log, upstream: up.client }, ex, openAiChat(), keyed(33, 'AKID|secret|us-west-2'), Date.now());
    const sent = up.sent[0]!;
    expect(sent.url).toBe('http://up.test/model/m/invoke');
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/us-west-2\/bedrock\/aws4_request, /);
    expect(sent.headers['x-api-key']).toBeUndefined();
    expect(JSON.parse(String(sent.body))).toMatchObject({ anthropic_version: 'bedrock-2023-05-31' });
    expect(outcome.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 2 });
    expect(clientText('openai', false, received.body)).toBe('Hello world');
  });

  it('turns a failed hook into a clean upstream-side error that counts against the channel, sending nothing', async () => {
    const up = fakeUpstream(answers.OPENAI_COMPLETE);
    const actor = keyed(41, '{"client_email":"a@b"}');
    const fail = vi.spyOn(actor, 'fail');
    const { ex } = fakeExchange({ query: '', headers: { 'content-type': 'application/json' } });
    const attempt = forwardAttempt({ env, options: new OptionsStore(), log, upstream: up.client }, ex, openAiChat(), actor, Date.now());
    await expect(attempt).rejects.toMatchObject({ status: 502, code: 'authorize_failed', local: false, message: 'channel authorization failed: the Vertex service account lacks private_key, project_id' });
    expect(fail).toHaveBeenCalledOnce();
    expect(up.sent).toHaveLength(0);
  });
});
