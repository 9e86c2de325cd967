import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mjImageSignature, mjImageSignatureValid, mjImageUrl } from './mj-image-link.js';

describe('Midjourney image links', () => {
  it('signs like new-api: HMAC-SHA256(secret, "mjimg:" + id), first 16 hex digits', () => {
    const want = createHmac('sha256', 's3cret').update('mjimg:1712345').digest('hex').slice(0, 16);
    expect(mjImageSignature('s3cret', '1712345')).toBe(want);
    expect(mjImageUrl('https://gw.example', 's3cret', '1712345')).toBe(`https://gw.example/mj/image/1712345?sig=${want}`);
  });

  it.each([
    ['the right signature', 's3cret', '1712345', true],
    ['another task’s signature', 's3cret', '1712346', false],
    ['another secret’s signature', 'other', '1712345', false],
  ])('accepts %s: %s', (_, secret, id, ok) => {
    expect(mjImageSignatureValid(secret, id, mjImageSignature('s3cret', '1712345'))).toBe(ok);
  });

  it.each(['', 'abc', 'z'.repeat(16), `${mjImageSignature('s3cret', '1')}0`])('refuses %j', (sig) => {
    expect(mjImageSignatureValid('s3cret', '1', sig)).toBe(false);
  });
});
