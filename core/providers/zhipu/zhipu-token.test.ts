import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../actors/test-channel-config.js';
import { upstreamAuthHeaders, upstreamUrl } from '../upstream-url.js';
import { forgetZhipuToken, zhipuJwt, zhipuToken } from './zhipu-token.js';

const NOW = 1_750_000_000_000;
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('Zhipu v4 token', () => {
  it("signs new-api's claims with HS256 over the secret", () => {
    const [header, claims, signature] = zhipuJwt('my-id.my-secret', NOW)!.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'HS256', sign_type: 'SIGN', typ: 'JWT' });
    expect(decode(claims)).toEqual({ api_key: 'my-id', exp: NOW + 86_400_000, timestamp: NOW });
    expect(signature).toBe(createHmac('sha256', 'my-secret').update(`${header}.${claims}`).digest('base64url'));
  });

  it.each(['no-dot', 'a.b.c', '.secret', 'id.'])('has no token for the key %j', (key) => {
    expect(zhipuJwt(key, NOW)).toBeNull();
  });

  it('reuses a token until a minute before it expires, then signs a new one', () => {
    const first = zhipuToken('cache-id.s', NOW);
    expect(zhipuToken('cache-id.s', NOW + 86_400_000 - 61_000)).toBe(first);
    const renewed = zhipuToken('cache-id.s', NOW + 86_400_000 - 59_000);
    expect(renewed).not.toBe(first);
    expect(decode(renewed!.split('.')[1]!).timestamp).toBe(NOW + 86_400_000 - 59_000);
  });

  it('signs a new token once the cached one is forgotten (Zhipu refused it)', () => {
    const first = zhipuToken('forget-id.s', NOW);
    expect(zhipuToken('forget-id.s', NOW + 1000)).toBe(first);
    forgetZhipuToken({ key: 'forget-id.s' });
    expect(zhipuToken('forget-id.s', NOW + 1000)).not.toBe(first);
  });

  it('is sent as the Bearer token to /api/paas/v4; another key shape goes as it is', () => {
    const ch = testConfig({ type: 26 });
    expect(upstreamUrl(ch, '/v1/chat/completions', '', 'glm-4', 'v')).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    const bearer = upstreamAuthHeaders(ch, 'hdr-id.hdr-secret').authorization!;
    expect(decode(bearer.replace('Bearer ', '').split('.')[1]!)).toMatchObject({ api_key: 'hdr-id' });
    expect(upstreamAuthHeaders(ch, 'plain-key')).toEqual({ authorization: 'Bearer plain-key' });
  });
});
