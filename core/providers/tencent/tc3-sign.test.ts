import { describe, expect, it } from 'vitest';
import { tc3Sign } from './tc3-sign.js';

// Tencent Cloud's published example (cloud.tencent.com/document/api/213/30654: CVM DescribeInstances in
// ap-guangzhou), with the credentials masked as the page shows them.
const EXAMPLE = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
  service: 'cvm',
  timestamp: 1551113065,
  headers: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};

describe('tc3Sign', () => {
  it("reproduces Tencent's documented signature example", () => {
    const s = tc3Sign(EXAMPLE);
    expect(s.hashedCanonicalRequest).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(s.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
    expect(s.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it.each([
    ['the payload', { payload: '{"Limit": 2}' }],
    ['the secret key', { secretKey: 'other' }],
    ['the timestamp (same day)', { timestamp: 1551113066 }],
    ['the service', { service: 'hunyuan' }],
    ['a signed header', { headers: { ...EXAMPLE.headers, Host: 'hunyuan.tencentcloudapi.com' } }],
  ])('changes the signature when %s changes', (_what, change) => {
    expect(tc3Sign({ ...EXAMPLE, ...change }).signature).not.toBe(tc3Sign(EXAMPLE).signature);
  });

  it('signs header names in sorted order and values lowercased, as the spec canonicalises them', () => {
    const a = tc3Sign({ ...EXAMPLE, headers: { 'X-TC-Action': 'ChatCompletions', Host: 'h', 'Content-Type': 'application/json' } });
    const b = tc3Sign({ ...EXAMPLE, headers: { 'content-type': 'application/json', host: 'h', 'x-tc-action': 'chatcompletions' } });
    expect(a.authorization).toBe(b.authorization);
    expect(a.authorization).toContain('SignedHeaders=content-type;host;x-tc-action,');
  });
});
