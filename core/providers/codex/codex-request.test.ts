import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import type { InboundContext } from '../../formats/format-contracts.js';
import { OptionsStore } from '../../options/options-store.js';
import { formatSettingsOf } from '../../relay/format-settings-view.js';
import { parseRelayRequest } from '../../relay/relay-request.js';
import { upstreamCall } from '../../relay/upstream-request.js';
import { CODEX_HOST, CODEX_RESET_CONSUME_PATH, CODEX_RESET_CREDITS_PATH, codexBody, codexHeaders, codexStreamedBody, codexUsageRequest, codexWhamRequest } from './codex-request.js';
import { codexAuthorize } from './codex-authorize.js';

const CHAT: InboundContext = { kind: 'chat', pathModel: null, pathStream: false, batch: false };

describe('Codex request', () => {
  it.each([
    ['https://chatgpt.com', 'https://chatgpt.com/backend-api/codex/responses'],
    ['http://127.0.0.1:9/', 'http://127.0.0.1:9/backend-api/codex/responses'],
  ])('sends /v1/responses on %s to %s, with no credential in the host headers', (base, url) => {
    const ch = testConfig({ type: 57, baseUrl: base });
    expect(CODEX_HOST.url({ ch, base, path: '/v1/responses', query: '', model: 'gpt-5', azureApiVersion: '' })).toBe(url);
    expect(CODEX_HOST.headers(ch, '{"access_token":"at"}')).toEqual({});
  });

  it.each([
    [{ model: 'gpt-5', input: 'hi' }, { model: 'gpt-5', input: 'hi', instructions: '', store: false }],
    [{ model: 'gpt-5', input: 'hi', stream: false, store: true, instructions: 'be brief' }, { model: 'gpt-5', input: 'hi', stream: false, instructions: 'be brief', store: false }],
    [
      { model: 'gpt-5', input: [], max_output_tokens: 10, temperature: 0.2, frequency_penalty: 1, presence_penalty: 1, top_p: 0.9, instructions: null },
      { model: 'gpt-5', input: [], top_p: 0.9, instructions: '', store: false },
    ],
  ])('cleans the body %o as Codex takes it (the host step, under param_override)', (body, sent) => {
    expect(codexBody(body)).toEqual(sent);
    expect(CODEX_HOST.responsesBody!(body, false)).toEqual(sent);
    expect(body).not.toHaveProperty('store', false); // the client's object is left alone
  });

  it.each([
    ['{"model":"gpt-5","stream":false,"store":true}', { model: 'gpt-5', stream: true, store: true }],
    [Buffer.from('{"model":"gpt-5"}'), { model: 'gpt-5', stream: true }],
  ])('streams the body as sent, whatever an override asked: %s', (body, sent) => {
    expect(JSON.parse(codexStreamedBody(body))).toEqual(sent);
  });

  it('sends a compaction to the compact URL, unstreamed and asking for JSON', () => {
    const ch = testConfig({ type: 57, baseUrl: 'https://chatgpt.com' });
    expect(CODEX_HOST.url({ ch, base: 'https://chatgpt.com', path: '/v1/responses/compact', query: '', model: 'gpt-5', azureApiVersion: '' })).toBe('https://chatgpt.com/backend-api/codex/responses/compact');
    expect(codexBody({ model: 'gpt-5', input: [], stream: true, temperature: 1 }, true)).toEqual({ model: 'gpt-5', input: [], instructions: '' });
    expect(codexHeaders({}, 'at', 'acc', true).accept).toBe('application/json');
  });

  it.each(['[1]', 'nope', 'null'])('refuses a body that is not a JSON object: %s', (raw) => {
    expect(() => codexStreamedBody(raw)).toThrow('codex responses request body must be a JSON object');
  });

  it("lays the channel's param_override over the cleaned body, so an override of a dropped field reaches the backend", async () => {
    const key = JSON.stringify({ access_token: 'at', account_id: 'acc', expired: '2099-01-01T00:00:00Z' });
    const request = parseRelayRequest('responses', CHAT, Buffer.from(JSON.stringify({ model: 'gpt-5', input: 'hi', temperature: 1, max_output_tokens: 5 })), 'application/json');
    const sent = async (paramOverride: Record<string, unknown> | null) => {
      const ch = testConfig({ type: 57, baseUrl: 'https://chatgpt.com', paramOverride });
      const built = upstreamCall(request, ch, key, 'gpt-5', { settings: formatSettingsOf(new OptionsStore()), clientHeaders: {}, forceStreamOption: false, azureApiVersion: '' });
      return JSON.parse(String((await codexAuthorize(built, { ch, key, model: 'gpt-5', stream: false, upstream: {} as never })).body)) as Record<string, unknown>;
    };
    expect(await sent(null)).toEqual({ model: 'gpt-5', input: 'hi', instructions: '', store: false, stream: true });
    expect(await sent({ temperature: 0.3, max_output_tokens: 99, stream: false })).toEqual({ model: 'gpt-5', input: 'hi', instructions: '', store: false, stream: true, temperature: 0.3, max_output_tokens: 99 });
  });

  it('sets the token, the account and Codex CLI headers; an operator override of OpenAI-Beta or originator stays', () => {
    expect(codexHeaders({ authorization: 'Bearer {json}', 'Content-Type': 'application/json; charset=utf-8' }, 'at', 'acc')).toEqual({
      authorization: 'Bearer at',
      'chatgpt-account-id': 'acc',
      'openai-beta': 'responses=experimental',
      originator: 'codex_cli_rs',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(codexHeaders({ 'OpenAI-Beta': 'x', originator: 'me', 'x-extra': '1' }, 'at', 'acc')).toMatchObject({ 'openai-beta': 'x', originator: 'me', 'x-extra': '1' });
  });

  it('reads usage from /backend-api/wham/usage with the same credentials', () => {
    expect(codexUsageRequest('https://chatgpt.com/', 'at', 'acc')).toEqual({
      url: 'https://chatgpt.com/backend-api/wham/usage',
      headers: { authorization: 'Bearer at', 'chatgpt-account-id': 'acc', accept: 'application/json', originator: 'codex_cli_rs' },
    });
  });

  it.each([
    [CODEX_RESET_CREDITS_PATH, 'https://chatgpt.com/backend-api/wham/rate-limit-reset-credits'],
    [CODEX_RESET_CONSUME_PATH, 'https://chatgpt.com/backend-api/wham/rate-limit-reset-credits/consume'],
  ])('calls the account route %s with the same credentials', (path, url) => {
    expect(codexWhamRequest('https://chatgpt.com/', path, 'at', 'acc')).toEqual({ url, headers: { authorization: 'Bearer at', 'chatgpt-account-id': 'acc', accept: 'application/json', originator: 'codex_cli_rs' } });
  });

  it('sends /v1/alpha/search to the search URL with its body as built, asking for JSON', async () => {
    const ch = testConfig({ type: 57, baseUrl: 'https://chatgpt.com' });
    const url = CODEX_HOST.url({ ch, base: 'https://chatgpt.com', path: '/v1/alpha/search', query: '', model: 'gpt-5', azureApiVersion: '' });
    expect(url).toBe('https://chatgpt.com/backend-api/codex/alpha/search');
    const key = JSON.stringify({ access_token: 'at', account_id: 'acc', expired: '2099-01-01T00:00:00Z' });
    const body = '{"model":"gpt-5","query":"q","temperature":1}';
    const sent = await codexAuthorize({ url, headers: {}, body }, { ch, key, model: 'gpt-5', stream: false, upstream: {} as never });
    expect(sent.body).toBe(body);
    expect(sent.headers).toMatchObject({ authorization: 'Bearer at', 'chatgpt-account-id': 'acc', accept: 'application/json', 'content-type': 'application/json' });
  });
});
