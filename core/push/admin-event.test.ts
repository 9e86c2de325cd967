import { describe, expect, it } from 'vitest';
import { fellBelow, renderAdminEvent, type AdminEvent } from './admin-event.js';
import { vapidSubject } from './vapid-keys.js';

const quotaText = (q: number) => `＄${(q / 500000).toFixed(6)}`;

describe('renderAdminEvent', () => {
  it.each<[AdminEvent, 'zh-CN' | 'en', { title: string; body: string; tag: string; url: string }]>([
    [
      { kind: 'channel_disabled', channel_id: 7, channel_name: 'oa', reason: 'insufficient_quota' },
      'zh-CN',
      { title: '通道「oa」（#7）已被禁用', body: '通道「oa」（#7）已被禁用，原因：insufficient_quota', tag: 'channel-7', url: '/channel' },
    ],
    [
      { kind: 'channel_enabled', channel_id: 7, channel_name: 'oa' },
      'zh-CN',
      { title: '通道「oa」（#7）已被启用', body: '通道「oa」（#7）已被启用', tag: 'channel-7', url: '/channel' },
    ],
    [
      { kind: 'channel_disabled', channel_id: 7, channel_name: 'oa', reason: 'timeout' },
      'en',
      { title: 'Channel "oa" (#7) was disabled', body: 'Channel "oa" (#7) was disabled automatically. Reason: timeout', tag: 'channel-7', url: '/channel' },
    ],
    [
      { kind: 'channel_balance', channel_id: 3, channel_name: 'ds', balance: 4.5 },
      'zh-CN',
      { title: '渠道余额不足', body: '通道「ds」（#3）余额为 $4.50，请及时充值。', tag: 'balance-3', url: '/channel' },
    ],
    [
      { kind: 'topup', user_id: 2, username: 'alice', quota: 5_000_000, money: 73 },
      'zh-CN',
      { title: '充值到账', body: '用户 alice（#2）在线充值 ＄10.000000，支付金额 73.00', tag: 'topup-2-5000000-73', url: '/log?type=1' },
    ],
    [
      { kind: 'topup', user_id: 2, username: 'alice', quota: 5_000_000, money: 73 },
      'en',
      { title: 'Top-up received', body: 'alice (#2) topped up ＄10.000000, paid 73.00', tag: 'topup-2-5000000-73', url: '/log?type=1' },
    ],
    [{ kind: 'test' }, 'en', { title: 'Test notification', body: 'Push alerts are on: channel alerts and top-ups will reach this device.', tag: 'test', url: '/personal?tab=notify' }],
  ])('%o in %s', (event, lang, expected) => {
    expect(renderAdminEvent(event, lang, quotaText)).toEqual(expected);
  });
});

describe('fellBelow', () => {
  it.each([
    [undefined, 5, 10, true],
    [undefined, 15, 10, false],
    [12, 9, 10, true],
    [10, 9.99, 10, true],
    [9, 8, 10, false],
    [8, 12, 10, false],
    [12, 9, 0, false],
  ])('previous %s, balance %s, threshold %s → %s', (previous, balance, threshold, expected) => {
    expect(fellBelow(previous, balance, threshold)).toBe(expected);
  });
});

describe('vapidSubject', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com:8443/base', 'https://api.example.com:8443'],
    ['http://api.example.com', 'mailto:webpush@ferryman.invalid'],
    ['https://localhost:3000', 'mailto:webpush@ferryman.invalid'],
    ['http://127.0.0.1:3000', 'mailto:webpush@ferryman.invalid'],
    ['not a url', 'mailto:webpush@ferryman.invalid'],
  ])('%s → %s', (address, subject) => {
    expect(vapidSubject(address)).toBe(subject);
  });
});
