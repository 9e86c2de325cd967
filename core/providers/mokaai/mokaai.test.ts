import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../../actors/channel-config.js';
import { HUB_META } from '../hub-fixture.js';
import type { HubCall } from '../hub-adapter.js';
import { MOKAAI, mokaInput } from './mokaai.js';

const embeddings = MOKAAI.embeddings!;
const call: HubCall = { ch: { id: 1, type: 44, other: '' } as ChannelConfig, base: 'https://api.moka.ai', key: 'moka-key', model: 'm3e-base', stream: false, now: 0, nonce: 'n' };

describe('MokaAI embeddings', () => {
  it.each([
    ['a string', 'a', ['a']],
    ['strings', ['a', 'b'], ['a', 'b']],
    ['token ids (nothing to embed)', [1, 2], []],
  ])('sends %s as a list of strings', (_name, input, expected) => {
    expect(mokaInput(input as string | string[])).toEqual(expected);
  });

  it('posts {input, model} to {base}/embeddings with the Bearer key', () => {
    const r = embeddings.request({ model: 'client', input: 'hello' }, call);
    expect(r).toEqual({ ok: true, value: { url: 'https://api.moka.ai/embeddings', headers: { authorization: 'Bearer moka-key' }, body: '{"input":["hello"],"model":"m3e-base"}' } });
  });

  it('reads the vectors and usage under the client model name', () => {
    const body = { object: 'list', model: 'm3e-base', data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }], usage: { prompt_tokens: 3, total_tokens: 3 } };
    expect(embeddings.answer(Buffer.from(JSON.stringify(body)), HUB_META)).toEqual({
      ok: true,
      value: { object: 'list', model: HUB_META.model, data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }], usage: { prompt_tokens: 3, total_tokens: 3 } },
    });
  });

  it.each([
    ['an error', { error: { message: 'invalid api key', code: 'unauthorized' } }, { status: 500, message: 'invalid api key' }],
    ['no data', { object: 'list' }, { status: 502, code: 'bad_response_body' }],
  ])('refuses %s', (_name, body, failure) => {
    expect(embeddings.answer(Buffer.from(JSON.stringify(body)), HUB_META)).toEqual({ ok: false, failure: expect.objectContaining(failure) });
  });

  it('has no chat', () => {
    expect(MOKAAI.chat).toBeNull();
  });
});
