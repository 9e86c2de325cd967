import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../actors/channel-config.js';
import { withParamOverride, type HubCall, type HubRequest } from './hub-adapter.js';
import { HUNYUAN } from './tencent/hunyuan.js';
import { tc3Sign } from './tencent/tc3-sign.js';

const plain: HubRequest = { url: 'https://u/x', headers: { authorization: 'Bearer k' }, body: '{"messages":[],"temperature":0.9}' };

describe('withParamOverride', () => {
  it.each<[string, HubRequest, Record<string, unknown> | null, HubRequest]>([
    ['no override: as built', plain, null, plain],
    ['a shallow top-level overwrite, keys added', plain, { temperature: 0.1, penalty_score: 1.5 }, { ...plain, body: '{"messages":[],"temperature":0.1,"penalty_score":1.5}' }],
    ['a nested value replaced whole', { ...plain, body: '{"inputs":{"a":1}}' }, { inputs: { b: 2 } }, { ...plain, body: '{"inputs":{"b":2}}' }],
    ['a body that is not a JSON object: as built', { ...plain, body: 'not json' }, { temperature: 0.1 }, { ...plain, body: 'not json' }],
  ])('%s', (_name, request, override, expected) => expect(withParamOverride(request, override)).toEqual(expected));

  it("signs a signed provider's body again (Tencent TC3): the signature covers the body sent", () => {
    const call: HubCall = { ch: { id: 1, type: 23, other: '' } as ChannelConfig, base: 'https://hunyuan.tencentcloudapi.com', key: '1|AKIDexample|secretExample', model: 'hunyuan-lite', stream: false, now: 1_700_000_000_000, nonce: 'n' };
    const built = HUNYUAN.chat!.request({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, call);
    if (!built.ok) throw new Error('not built');
    const sent = withParamOverride(built.value, { Temperature: 0.2, EnableEnhancement: false });
    expect(JSON.parse(sent.body)).toMatchObject({ Model: 'hunyuan-lite', Temperature: 0.2, EnableEnhancement: false });
    const expected = tc3Sign({
      secretId: 'AKIDexample',
      secretKey: 'secretExample',
      service: 'hunyuan',
      timestamp: 1_700_000_000,
      headers: { 'content-type': 'application/json', host: 'hunyuan.tencentcloudapi.com', 'x-tc-action': 'ChatCompletions' },
      payload: sent.body,
    });
    expect(sent.headers.authorization).toBe(expected.authorization);
    expect(sent.headers.authorization).not.toBe(built.value.headers.authorization);
    expect(sent.headers['x-tc-timestamp']).toBe('1700000000');
  });
});
