import { describe, expect, it } from 'vitest';
import { epaySign, signEpayParams, verifyEpaySign } from './epay-sign.js';

// Expected digests computed independently with `echo -n '<text>' | md5sum`.
describe('epaySign', () => {
  it.each([
    [
      'sorted params, key appended',
      { pid: '1001', type: 'alipay', out_trade_no: 'USR1NOabc1231700000000', name: 'TUC1', money: '1.00' },
      'KEY123',
      '68aaf7c5246cd00c04096681e2892e41',
    ],
    ['sign, sign_type and empty values are left out', { c: '3', a: '1', b: '2', sign: 'x', sign_type: 'MD5', d: '' }, 'k', '62d31b009d3159ae9ce119c22dfda2ae'],
    [
      'values are signed raw, not URL-encoded',
      { pid: '1', type: 'wxpay', out_trade_no: 'T', name: 'TUC1', money: '7.30', notify_url: 'https://x.example/api/user/epay/notify' },
      'key',
      'bf95bc07f24421a567975284aaece338',
    ],
    ['UTF-8 text', { pid: '7', name: '充值' }, 's', 'bad09a94fe58a9dbc29e78c2098ec572'],
  ])('%s', (_, params, key, expected) => {
    expect(epaySign(params, key)).toBe(expected);
  });
});

describe('verifyEpaySign', () => {
  const key = 'KEY123';
  const signed = signEpayParams({ pid: '1001', out_trade_no: 'T1', money: '7.30', trade_status: 'TRADE_SUCCESS' }, key);

  it.each([
    ['the signed params', signed, key, true],
    ['an upper-case signature', { ...signed, sign: signed.sign!.toUpperCase() }, key, true],
    ['a tampered amount', { ...signed, money: '730.00' }, key, false],
    ['a tampered order', { ...signed, out_trade_no: 'T2' }, key, false],
    ['an added parameter', { ...signed, extra: '1' }, key, false],
    ['no signature', { ...signed, sign: '' }, key, false],
    ['a truncated signature', { ...signed, sign: signed.sign!.slice(0, 31) }, key, false],
    ['another key', signed, 'OTHER', false],
    ['an empty key, even when signed with it', signEpayParams({ pid: '1' }, ''), '', false],
  ])('%s → %s', (_, params, k, valid) => {
    expect(verifyEpaySign(params, k)).toBe(valid);
  });

  it('sets sign_type MD5 next to the signature', () => {
    expect(signed.sign_type).toBe('MD5');
    expect(signed.sign).toMatch(/^[0-9a-f]{32}$/);
  });
});
