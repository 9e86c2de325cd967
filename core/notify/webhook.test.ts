import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookSignature } from './webhook.js';

describe('webhookSignature', () => {
  it('is the hex HMAC-SHA256 of the body keyed with the secret', () => {
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
    expect(webhookSignature('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('changes with any byte of the body and with the secret', () => {
    const body = JSON.stringify({ type: 'quota_exceed', title: '您的额度即将用尽' });
    const sig = webhookSignature('s3cret', body);
    expect(sig).toBe(createHmac('sha256', 's3cret').update(Buffer.from(body, 'utf8')).digest('hex'));
    expect(webhookSignature('s3cret', `${body} `)).not.toBe(sig);
    expect(webhookSignature('other', body)).not.toBe(sig);
  });
});
