import { describe, expect, it } from 'vitest';
import type { InboundContext } from '../formats/format-contracts.js';
import { parseRelayRequest as parse } from './relay-request.js';

const ctx = (kind: InboundContext['kind']): InboundContext => ({ kind, pathModel: null, pathStream: false, batch: false });
const parseRelayRequest = (kind: 'chat' | 'completions' | 'embeddings', raw: Buffer, type: string | undefined) => parse('openai', ctx(kind), raw, type);

const json = 'application/json';
const buf = (s: string) => Buffer.from(s);

describe('parseRelayRequest', () => {
  it('reads model, stream, max tokens and include_usage', () => {
    const r = parseRelayRequest('chat', buf('{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true,"max_tokens":5,"max_completion_tokens":9,"stream_options":{"include_usage":true},"extra":1}'), json);
    expect(r).toMatchObject({ model: 'm', stream: true, maxTokens: 9, includeUsage: true });
    expect(r.body.extra).toBe(1);
  });

  it.each<[string, string, string | undefined, RegExp]>([
    ['truncated JSON', '{"model":', json, /无效的请求/],
    ['wrong content type', '{"model":"m","messages":[1]}', 'text/plain', /Content-Type/],
    ['missing content type', '{"model":"m","messages":[1]}', undefined, /Content-Type/],
    ['empty body', '', json, /empty/],
    ['array body', '[1]', json, /JSON object/],
    ['missing messages', '{"model":"m"}', json, /field messages is required/],
    ['empty messages', '{"model":"m","messages":[]}', json, /field messages is required/],
    ['missing model', '{"messages":[1]}', json, /model/],
    ['messages not an array', '{"model":"m","messages":"hi"}', json, /messages/],
    ['max_tokens as string', '{"model":"m","messages":[1],"max_tokens":"10"}', json, /max_tokens/],
    ['negative max_tokens', '{"model":"m","messages":[1],"max_tokens":-1}', json, /max_tokens/],
    ['stream not boolean', '{"model":"m","messages":[1],"stream":"yes"}', json, /stream/],
    ['n negative', '{"model":"m","messages":[1],"n":-1}', json, /\bn\b/],
  ])('refuses %s with a 400', (_name, body, type, message) => {
    let err: unknown;
    try {
      parseRelayRequest('chat', buf(body), type);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect((err as Error).message).toMatch(message);
  });

  it('refuses invalid UTF-8', () => {
    const bad = Buffer.concat([buf('{"model":"m","messages":["'), Buffer.from([0xc3, 0x28]), buf('"]}')]);
    expect(() => parseRelayRequest('chat', bad, json)).toThrow(/UTF-8/);
  });

  it('requires prompt for completions and input for embeddings', () => {
    expect(() => parseRelayRequest('completions', buf('{"model":"m"}'), json)).toThrow('field prompt is required');
    expect(() => parseRelayRequest('embeddings', buf('{"model":"m"}'), json)).toThrow('field input is required');
  });

  it('keeps __proto__ keys as data, never as a prototype', () => {
    const r = parseRelayRequest('chat', buf('{"model":"m","messages":[1],"__proto__":{"polluted":true}}'), json);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r.body)).toBe(Object.prototype);
  });
});
