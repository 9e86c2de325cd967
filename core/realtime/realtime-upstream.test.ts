import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelActor } from '../actors/channel-actor.js';
import { toChannelConfig } from '../actors/channel-config.js';
import type { ChannelRow } from '../db/rows.js';
import { localError, RelayError } from '../relay/relay-error.js';
import { closeCodeOf, realtimeErrorFrame, relayableCloseCode } from './realtime-error-frame.js';
import { connectRealtime, realtimeUrl, servesRealtime } from './realtime-upstream.js';

const ch = (type: number, extra: Partial<ChannelRow> = {}) =>
  toChannelConfig({ id: 1, type, key: 'k', name: 'c', base_url: 'https://up.example', models: 'm', group: 'default', status: 1, weight: 0, priority: 0, other: '', other_info: '', ...extra } as ChannelRow);

describe('realtimeUrl', () => {
  it.each([
    ['OpenAI', ch(1), 'gpt-4o-realtime-preview', 'wss://up.example/v1/realtime?model=gpt-4o-realtime-preview'],
    ['OpenAI on plain http', ch(1, { base_url: 'http://127.0.0.1:9' }), 'a b', 'ws://127.0.0.1:9/v1/realtime?model=a%20b'],
    ['Azure, default api-version', ch(3), 'gpt-4o-realtime-preview', 'wss://up.example/openai/realtime?deployment=gpt-4o-realtime-preview&api-version=2025-04-01-preview'],
    ['Azure, the channel’s api-version', ch(3, { other: '2024-10-01-preview' }), 'rt', 'wss://up.example/openai/realtime?deployment=rt&api-version=2024-10-01-preview'],
  ])('%s', (_what, channel, model, url) => expect(realtimeUrl(channel, model)).toBe(url));
});

describe('servesRealtime', () => {
  it.each([
    [1, true],
    [3, true],
    [14, false], // Anthropic
    [24, false], // Gemini
  ])('type %d → %s', (type, serves) => expect(servesRealtime(type)).toBe(serves));
});

describe('realtime error frames and close codes', () => {
  it('writes new-api’s error event, with the request id', () => {
    expect(JSON.parse(realtimeErrorFrame(localError(401, '无效的令牌'), 'abc'))).toEqual({
      type: 'error',
      event_id: 'evt_abc',
      error: { message: '无效的令牌', type: 'new_api_error', param: null, code: '' },
    });
  });

  it('keeps an upstream error’s own type and code', () => {
    const err = new RelayError(401, 'bad key', { type: 'upstream_error', code: 'bad_response_status_code', local: false, upstream: { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect(JSON.parse(realtimeErrorFrame(err, 'r')).error).toEqual({ message: 'bad key', type: 'invalid_request_error', param: null, code: 'invalid_api_key' });
  });

  it.each([
    [401, 1008],
    [403, 1008],
    [502, 1011],
    [503, 1011],
  ])('status %d closes with %d', (status, code) => expect(closeCodeOf(localError(status, 'x'))).toBe(code));

  it.each([
    [1000, 1000],
    [1001, 1001],
    [1005, 1011],
    [1006, 1011],
    [1015, 1011],
    [4000, 4000],
    [5000, 1011],
  ])('upstream close %d → client close %d', (upstream, client) => expect(relayableCloseCode(upstream)).toBe(client));
});

describe('connectRealtime goes through the outbound policy', () => {
  // a loopback listener that answers any request with 404: it counts the connections that reached it
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections++;
      socket.once('data', () => socket.end('HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 37\r\n\r\n{"error":{"message":"no such route"}}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const env = (allowPrivate: boolean) => ({ env: { ADMIN_URL_ALLOW_PRIVATE: allowPrivate, ADMIN_URL_ALLOW_METADATA: false, FIRST_BYTE_TIMEOUT: 5 } });
  const attempt = (baseUrl: string, allowPrivate: boolean) => connectRealtime(env(allowPrivate), new ChannelActor(ch(1, { base_url: baseUrl })), 'gpt-4o-realtime-preview', () => {});

  it.each([
    ['an IP literal', () => `http://127.0.0.1:${port}`],
    ['a name that resolves to loopback', () => `http://localhost:${port}`],
  ])('refuses %s when the policy forbids it, before any connection', async (_what, base) => {
    const before = connections;
    await expect(attempt(base(), false)).rejects.toMatchObject({ status: 502, code: 'do_request_failed' });
    expect(connections).toBe(before);
  });

  it('connects where the policy allows, and reports a refused handshake as the upstream’s error', async () => {
    const before = connections;
    await expect(attempt(`http://127.0.0.1:${port}`, true)).rejects.toMatchObject({ status: 404, message: 'no such route', local: false });
    expect(connections).toBe(before + 1);
  });
});
