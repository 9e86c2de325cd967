import { describe, expect, it } from 'vitest';
import { readChannelInfo } from '../db/repositories/channel-info.js';
import { disabledNotice, enabledNotice } from './health-effects.js';
import { changeKeyStatus } from './key-status-change.js';

const info = (statuses: Record<string, number> = {}) => readChannelInfo({ is_multi_key: true, multi_key_size: 3, multi_key_status_list: statuses });

describe('changeKeyStatus', () => {
  it.each<[string, Record<string, number>, number, number, 1 | 3, { keyChanged: boolean; channelStatus: number; statuses: Record<string, number> }]>([
    ['auto-disables one enabled key', {}, 1, 1, 3, { keyChanged: true, channelStatus: 1, statuses: { 1: 3 } }],
    ['the last enabled key takes the channel with it', { 0: 3, 2: 2 }, 1, 1, 3, { keyChanged: true, channelStatus: 3, statuses: { 0: 3, 1: 3, 2: 2 } }],
    ['a disabled key stays as it is', { 1: 3 }, 1, 1, 3, { keyChanged: false, channelStatus: 1, statuses: { 1: 3 } }],
    ['a manually disabled key is never re-enabled', { 1: 2 }, 1, 1, 1, { keyChanged: false, channelStatus: 1, statuses: { 1: 2 } }],
    ['an auto-disabled key comes back', { 1: 3 }, 1, 1, 1, { keyChanged: true, channelStatus: 1, statuses: {} }],
    ['and brings an auto-disabled channel back', { 0: 3, 1: 3, 2: 3 }, 3, 2, 1, { keyChanged: true, channelStatus: 1, statuses: { 0: 3, 1: 3 } }],
    ['but not a manually disabled channel', { 0: 3, 1: 3, 2: 3 }, 2, 2, 1, { keyChanged: true, channelStatus: 2, statuses: { 0: 3, 1: 3 } }],
    ['an index out of range changes nothing', {}, 1, 7, 3, { keyChanged: false, channelStatus: 1, statuses: {} }],
  ])('%s', (_name, statuses, channelStatus, index, to, want) => {
    const r = changeKeyStatus(info(statuses), 3, channelStatus, index, to, 'status_code=401, bad key', 1700000000);
    expect(r.keyChanged).toBe(want.keyChanged);
    expect(r.channelStatus).toBe(want.channelStatus);
    expect(r.info.multi_key_status_list).toEqual(want.statuses);
  });

  it('records the reason and time of a disable and clears them on enable', () => {
    const off = changeKeyStatus(info(), 3, 1, 0, 3, 'why', 42).info;
    expect(off.multi_key_disabled_reason).toEqual({ 0: 'why' });
    expect(off.multi_key_disabled_time).toEqual({ 0: 42 });
    const on = changeKeyStatus(off, 3, 1, 0, 1, '', 43).info;
    expect(on.multi_key_disabled_reason).toEqual({});
    expect(on.multi_key_disabled_time).toEqual({});
  });
});

describe('notices', () => {
  it("use new-api's words", () => {
    expect(disabledNotice('main', 3, null, 'bad')).toEqual({ type: 'channel_update', subject: '通道「main」（#3）已被禁用', content: '通道「main」（#3）已被禁用，原因：bad' });
    expect(disabledNotice('main', 3, 2, 'bad').subject).toBe('通道「main」（#3）的密钥 #2 已被禁用');
    expect(enabledNotice('main', 3)).toEqual({ type: 'channel_update', subject: '通道「main」（#3）已被启用', content: '通道「main」（#3）已被启用' });
  });
});
