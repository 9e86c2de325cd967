import { describe, expect, it } from 'vitest';
import { visualApiHeaders, volcSign } from './volc-sign.js';

describe('volcSign', () => {
  // Volcengine's published signing example (docs 6369/67270): IAM ListUsers at 2020-12-30T08:18:05Z.
  it.each([
    [
      'https://iam.volcengineapi.com/?Version=2018-01-01&Offset=0&Action=ListUsers&Limit=10',
      '28eeabbbd726b87002e0fe58ad8c1c768e619b06e2646f35b6ad7ed029a6d8a7',
    ],
  ])('%s', (url, signature) => {
    const h = volcSign({
      method: 'GET',
      url,
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
      body: '',
      accessKey: 'AKLTMjI2ODVlYzI3ZGY1NGU4ZjhjYWRjMTlmNTM5OTZkYzE',
      secretKey: 'TnpCak5XWXpZV1U0WkRaaE5ERmxaR0ZpTmpjeVkyUXlZek0wTWpJMU1qWQ==',
      region: 'cn-north-1',
      service: 'iam',
      now: Date.UTC(2020, 11, 30, 8, 18, 5),
    });
    expect(h).toEqual({
      authorization: `HMAC-SHA256 Credential=AKLTMjI2ODVlYzI3ZGY1NGU4ZjhjYWRjMTlmNTM5OTZkYzE/20201230/cn-north-1/iam/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=${signature}`,
      'x-date': '20201230T081805Z',
      'x-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
  });

  it('signs a visual API call with the AK|SK key in cn-north-1 for cv, and refuses other keys', () => {
    const url = 'https://visual.volcengineapi.com/?Action=CVProcess&Version=2022-08-31';
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(visualApiHeaders(url, ' ak | sk ', '{}', now)).toEqual(volcSign({ method: 'POST', url, contentType: 'application/json', body: '{}', accessKey: 'ak', secretKey: 'sk', region: 'cn-north-1', service: 'cv', now }));
    for (const key of ['sk-relay', 'a|b|c', 'a|', '']) expect(() => visualApiHeaders(url, key, '{}', now)).toThrow("expected 'ak|sk'");
  });
});
