import { describe, expect, it } from 'vitest';
import { sigV4Sign } from './sigv4-sign.js';

// AWS's published SigV4 test suite (aws-sig-v4-test-suite): credentials, date and expected signatures.
const SUITE_KEY = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const SUITE_DATE = new Date('2015-08-30T12:36:00Z');
const CREDENTIAL = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date';

describe('sigV4Sign', () => {
  it.each([
    ['post-vanilla', 'https://example.amazonaws.com/', '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b'],
    ['post-vanilla-query', 'https://example.amazonaws.com/?Param1=value1', '28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11'],
  ])('signs %s as the AWS test suite publishes it', async (_name, url, signature) => {
    const signed = await sigV4Sign({ url, headers: {}, body: '' }, SUITE_KEY, 'service', SUITE_DATE);
    expect(signed.headers.authorization).toBe(`${CREDENTIAL}, Signature=${signature}`);
    expect(signed.headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it('signs the call headers and the body, and leaves the host header to the HTTP client', async () => {
    const call = { url: 'http://127.0.0.1:9/model/m/invoke', headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    const a = await sigV4Sign(call, SUITE_KEY, 'bedrock', SUITE_DATE);
    const b = await sigV4Sign({ ...call, body: '{"a":2}' }, SUITE_KEY, 'bedrock', SUITE_DATE);
    expect(a.headers.authorization).toContain('SignedHeaders=content-type;host;x-amz-date,');
    expect(a.headers.host).toBeUndefined();
    expect(a.headers.authorization).not.toBe(b.headers.authorization);
  });
});
