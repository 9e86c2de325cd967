import { describe, expect, it } from 'vitest';
import { createClientIpResolver, normaliseIp } from './client-ip.js';

describe('client ip', () => {
  const byDefault = createClientIpResolver(undefined);
  it.each([
    ['127.0.0.1', undefined, '127.0.0.1'],
    ['127.0.0.1', '1.2.3.4', '1.2.3.4'],
    ['10.0.0.5', '1.2.3.4, 10.0.0.7', '1.2.3.4'],
    ['8.8.8.8', '1.2.3.4', '8.8.8.8'],
  ])('peer %s xff %s → %s', (peer, xff, want) => {
    expect(byDefault(peer, xff)).toBe(want);
  });
  it('ignores X-Forwarded-For when TRUSTED_PROXIES=none', () => {
    expect(createClientIpResolver('none')('127.0.0.1', '1.2.3.4')).toBe('127.0.0.1');
  });
  it('normalises uWS IPv4-mapped addresses', () => {
    expect(normaliseIp('0000:0000:0000:0000:0000:ffff:7f00:0001')).toBe('127.0.0.1');
    expect(normaliseIp('0000:0000:0000:0000:0000:0000:0000:0001')).toBe('::1');
    expect(normaliseIp('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
  });
});
