import { describe, expect, it } from 'vitest';
import { parseAllowIps } from './allow-ips.js';

describe('parseAllowIps', () => {
  it.each([
    ['', { ok: true, value: '' }],
    [null, { ok: true, value: '' }],
    ['1.2.3.4', { ok: true, value: '1.2.3.4' }],
    [' 1.2.3.4 \r\n\n10.0.0.1\n', { ok: true, value: '1.2.3.4\n10.0.0.1' }],
    ['::1\n2001:db8::7', { ok: true, value: '::1\n2001:db8::7' }],
    ['1.2.3.4\nexample.com', { ok: false, message: 'IP 白名单中的 "example.com" 不是合法的 IP 地址，请每行填写一个 IP' }],
    ['10.0.0.0/8', { ok: false, message: 'IP 白名单中的 "10.0.0.0/8" 不是合法的 IP 地址，请每行填写一个 IP' }],
    ['1.2.3.4,5.6.7.8', { ok: false, message: 'IP 白名单中的 "1.2.3.4,5.6.7.8" 不是合法的 IP 地址，请每行填写一个 IP' }],
    ['256.1.1.1', { ok: false, message: 'IP 白名单中的 "256.1.1.1" 不是合法的 IP 地址，请每行填写一个 IP' }],
  ])('%j → %j', (text, expected) => {
    expect(parseAllowIps(text)).toEqual(expected);
  });
});
