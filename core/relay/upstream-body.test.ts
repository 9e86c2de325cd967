import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../actors/channel-config.js';
import { parseRelayRequest } from './relay-request.js';
import { upstreamBody } from './upstream-body.js';

const ch = (type: number, paramOverride: Record<string, unknown> | null = null) => ({ type, paramOverride }) as ChannelConfig;
const CHAT = { kind: 'chat', pathModel: null, pathStream: false, batch: false } as const;
const req = (body: object) => parseRelayRequest('openai', CHAT, Buffer.from(JSON.stringify(body)), 'application/json');
const base = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], unknown_field: { a: 1 } };

describe('upstreamBody', () => {
  it('forwards the original bytes when nothing changes', () => {
    const r = req(base);
    expect(upstreamBody(r, ch(1), 'gpt-4o', true)).toBe(r.raw);
  });
  it('rewrites the mapped model and keeps unknown fields', () => {
    const out = JSON.parse(upstreamBody(req(base), ch(1), 'gpt-4o-2024', true).toString());
    expect(out).toMatchObject({ model: 'gpt-4o-2024', unknown_field: { a: 1 } });
  });
  it('injects include_usage for channels that support stream options', () => {
    const out = JSON.parse(upstreamBody(req({ ...base, stream: true }), ch(1), 'gpt-4o', true).toString());
    expect(out.stream_options).toEqual({ include_usage: true });
  });
  it('appends include_usage to the client\'s own bytes, which stay as sent', () => {
    const raw = '{"model":"gpt-4o","stream":true,"temperature":1.0,"messages":[{"role":"user","content":"h\\u00e9"}]} \n';
    const r = parseRelayRequest('openai', CHAT, Buffer.from(raw), 'application/json');
    expect(upstreamBody(r, ch(1), 'gpt-4o', true).toString()).toBe(
      '{"model":"gpt-4o","stream":true,"temperature":1.0,"messages":[{"role":"user","content":"h\\u00e9"}],"stream_options":{"include_usage":true}} \n',
    );
  });
  it('keeps the client\'s other stream_options when adding include_usage', () => {
    const out = JSON.parse(upstreamBody(req({ ...base, stream: true, stream_options: { include_obfuscation: false } }), ch(1), 'gpt-4o', true).toString());
    expect(out.stream_options).toEqual({ include_obfuscation: false, include_usage: true });
  });
  it('does not inject when FORCE_STREAM_OPTION is off', () => {
    const r = req({ ...base, stream: true });
    expect(upstreamBody(r, ch(1), 'gpt-4o', false)).toBe(r.raw);
  });
  it('removes stream_options for channels that reject them', () => {
    const out = JSON.parse(upstreamBody(req({ ...base, stream: true, stream_options: { include_usage: true } }), ch(8), 'gpt-4o', true).toString());
    expect(out.stream_options).toBeUndefined();
  });
  it('leaves param_override to upstreamCall (param-override.ts lays it over every dialect)', () => {
    const r = req({ ...base, temperature: 1 });
    expect(upstreamBody(r, ch(1, { temperature: 0.2 }), 'gpt-4o', true)).toBe(r.raw);
  });
});
