import { describe, expect, it } from 'vitest';
import type { MultiKeyManage } from '../../contracts/channel.js';
import { multiKeyInfo, setKeyStatus } from '../../db/repositories/channel-info.js';
import { keyPreview, manageKeys } from './multi-key-actions.js';

const KEYS = ['sk-aaaaaaaaaaaa', 'sk-b', 'sk-cccccccccccc'];
// key 1 disabled automatically, key 2 by hand
const INFO = setKeyStatus(setKeyStatus(multiKeyInfo(3, 'random'), 1, 3, 'insufficient_quota', 1700), 2, 2, undefined, 1800);
const req = (action: string, extra: Partial<MultiKeyManage> = {}): MultiKeyManage => ({ channel_id: 1, action, ...extra });

describe('multi-key management', () => {
  it('lists key previews with their state and counts', () => {
    expect(manageKeys(KEYS, INFO, req('get_key_status'), 0)).toEqual({
      kind: 'read',
      data: {
        keys: [
          { index: 0, status: 1, key_preview: 'sk-aaaaaaa...' },
          { index: 1, status: 3, key_preview: 'sk-b', reason: 'insufficient_quota', disabled_time: 1700 },
          { index: 2, status: 2, key_preview: 'sk-ccccccc...', disabled_time: 1800 },
        ],
        total: 3,
        page: 1,
        page_size: 50,
        total_pages: 1,
        enabled_count: 1,
        manual_disabled_count: 1,
        auto_disabled_count: 1,
      },
    });
  });

  it('filters by status and pages', () => {
    const out = manageKeys(KEYS, INFO, req('get_key_status', { status: 1, page: 9, page_size: 1 }), 0);
    expect(out.kind === 'read' && { keys: out.data.keys.map((k) => k.index), page: out.data.page, total: out.data.total }).toEqual({ keys: [0], page: 1, total: 1 });
  });

  it.each<[string, Partial<MultiKeyManage>, string]>([
    ['disable_key', {}, '未指定要禁用的密钥索引'],
    ['enable_key', {}, '未指定要启用的密钥索引'],
    ['delete_key', {}, '未指定要删除的密钥索引'],
    ['disable_key', { key_index: 3 }, '密钥索引超出范围'],
    ['enable_key', { key_index: -1 }, '密钥索引超出范围'],
    ['rotate', {}, '不支持的操作'],
  ])('refuses %s %j', (action, extra, message) => {
    expect(manageKeys(KEYS, INFO, req(action, extra), 0)).toEqual({ kind: 'fail', message });
  });

  it('disables and enables one key', () => {
    const off = manageKeys(KEYS, INFO, req('disable_key', { key_index: 0 }), 2000);
    expect(off).toMatchObject({ kind: 'write', message: '密钥已禁用', keys: KEYS, info: { multi_key_status_list: { '0': 2, '1': 3, '2': 2 } } });
    const on = manageKeys(KEYS, INFO, req('enable_key', { key_index: 1 }), 2000);
    expect(on).toMatchObject({ kind: 'write', message: '密钥已启用', info: { multi_key_status_list: { '2': 2 }, multi_key_disabled_reason: {} } });
  });

  it('enables and disables all keys', () => {
    expect(manageKeys(KEYS, INFO, req('enable_all_keys'), 0)).toMatchObject({ message: '已启用 2 个密钥', info: { multi_key_status_list: {} } });
    expect(manageKeys(KEYS, INFO, req('disable_all_keys'), 0)).toMatchObject({ message: '已禁用 1 个密钥', info: { multi_key_status_list: { '0': 2, '1': 3, '2': 2 } } });
    const allOff = setKeyStatus(setKeyStatus(setKeyStatus(INFO, 0, 2), 1, 2), 2, 2);
    expect(manageKeys(KEYS, allOff, req('disable_all_keys'), 0)).toEqual({ kind: 'fail', message: '没有可禁用的密钥' });
  });

  it('deletes one key or the automatically disabled ones, moving later state down', () => {
    const one = manageKeys(KEYS, INFO, req('delete_key', { key_index: 0 }), 0);
    expect(one).toMatchObject({ kind: 'write', message: '密钥已删除', keys: ['sk-b', 'sk-cccccccccccc'], info: { multi_key_size: 2, multi_key_status_list: { '0': 3, '1': 2 } } });
    const auto = manageKeys(KEYS, INFO, req('delete_disabled_keys'), 0);
    expect(auto).toMatchObject({ kind: 'write', message: '已删除 1 个自动禁用的密钥', data: 1, keys: ['sk-aaaaaaaaaaaa', 'sk-cccccccccccc'], info: { multi_key_status_list: { '1': 2 } } });
    expect(manageKeys(KEYS, multiKeyInfo(3, 'random'), req('delete_disabled_keys'), 0)).toEqual({ kind: 'fail', message: '没有需要删除的自动禁用密钥' });
  });

  it('never deletes the last key', () => {
    expect(manageKeys(['k'], multiKeyInfo(1, 'random'), req('delete_key', { key_index: 0 }), 0)).toEqual({ kind: 'fail', message: '不能删除最后一个密钥' });
    expect(manageKeys(['k'], setKeyStatus(multiKeyInfo(1, 'random'), 0, 3), req('delete_disabled_keys'), 0)).toEqual({ kind: 'fail', message: '不能删除最后一个密钥' });
  });

  it('previews at most ten characters', () => {
    expect(keyPreview('0123456789')).toBe('0123456789');
    expect(keyPreview('0123456789a')).toBe('0123456789...');
  });
});
