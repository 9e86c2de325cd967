import { describe, expect, it } from 'vitest';
import type { Channel, ChannelUpdate } from '../../contracts/channel.js';
import { multiKeyInfo, setKeyStatus, singleKeyInfo } from '../../db/repositories/channel-info.js';
import { ApiError } from '../envelope.js';
import { channelUpdatePatch } from './channel-update-patch.js';

const stored = (over: Partial<Channel> = {}): Channel => ({
  id: 7, type: 1, key: 'sk-old', openai_organization: null, test_model: null, status: 1, name: 'c', weight: 0, created_time: 1,
  test_time: 0, response_time: 0, base_url: '', other: '', balance: 0, balance_updated_time: 0, models: 'm', group: 'default',
  used_quota: 0, model_mapping: '', status_code_mapping: '', priority: 0, auto_ban: 1, other_info: '', tag: null, setting: '',
  param_override: '', header_override: null, remark: null, settings: '', channel_info: singleKeyInfo(), ...over,
});
const input = (over: Partial<ChannelUpdate>): ChannelUpdate => ({ id: 7, ...over });

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.message;
    throw e;
  }
  return 'no refusal';
};

describe('channel update patch', () => {
  it.each<[string, Partial<ChannelUpdate>, Record<string, unknown>]>([
    ['nothing sent', {}, {}],
    ['nulls are "not sent", as Go decodes them', { name: null, priority: null, tag: null, base_url: null, key: null }, {}],
    ['blank key, name, models, group and status 0 keep the stored values', { key: ' ', name: '', models: '', group: ' ', status: 0, type: 0 }, {}],
    ['zero and empty pointer fields are written', { priority: 0, weight: 0, base_url: '', other: '', test_model: '' }, { priority: 0, weight: 0, base_url: '', other: '', test_model: '' }],
    ['a blank tag clears it', { tag: '' }, { tag: null }],
    ['a new key is trimmed', { key: ' sk-new \n' }, { key: 'sk-new' }],
    ['new columns', { remark: 'r', header_override: '{"x":"y"}', settings: '{}' }, { remark: 'r', header_override: '{"x":"y"}', settings: '{}' }],
  ])('%s', (_name, over, expected) => {
    expect(channelUpdatePatch(stored(), input(over))).toEqual(expected);
  });

  it('replaces or appends the keys of a multi-key channel and cuts per-key state', () => {
    const info = setKeyStatus(setKeyStatus(multiKeyInfo(3, 'random'), 0, 2), 2, 3, 'r', 1);
    const ch = stored({ key: 'k1\nk2\nk3', channel_info: info });
    expect(channelUpdatePatch(ch, input({ key: 'n1\nn2' }))).toEqual({
      key: 'n1\nn2',
      channel_info: { ...info, multi_key_size: 2, multi_key_status_list: { '0': 2 }, multi_key_disabled_reason: {}, multi_key_disabled_time: {} },
    });
    expect(channelUpdatePatch(ch, input({ key: 'k2\nn1\nn1', key_mode: 'append' }))).toMatchObject({ key: 'k1\nk2\nk3\nn1', channel_info: { multi_key_size: 4 } });
    expect(channelUpdatePatch(ch, input({ multi_key_mode: 'polling' }))).toEqual({ channel_info: { ...info, multi_key_mode: 'polling' } });
  });

  it.each<[string, Partial<Channel>, Partial<ChannelUpdate>, string]>([
    ['a key in the wrong format for the stored type', { type: 15 }, { key: 'only-one-part' }, '密钥格式错误，请按照如下格式输入：APIKey|SecretKey'],
    ['Vertex without a region', { type: 1 }, { type: 41, other: '' }, '部署地区不能为空'],
    ['an unknown multi-key mode', { channel_info: multiKeyInfo(2, 'random') }, { multi_key_mode: 'sticky' }, '不支持的多密钥模式'],
  ])('refuses %s', (_name, ch, over, message) => {
    expect(refusal(() => channelUpdatePatch(stored(ch), input(over)))).toBe(message);
  });
});
