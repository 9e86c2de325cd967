import { describe, expect, it } from 'vitest';
import { keysOf, keyStatusOf, multiKeyInfo, readChannelInfo, removeKeys, resizeInfo, setKeyStatus, singleKeyInfo } from './channel-info.js';

describe('channel_info', () => {
  it.each<[string, unknown]>([
    ['null (rows before the column)', null],
    ['garbage text', 'not json'],
    ['an array', [1, 2]],
  ])('reads %s as a single-key channel', (_name, raw) => {
    expect(readChannelInfo(raw)).toEqual(singleKeyInfo());
  });

  it('reads what new-api writes, as object or text, keeping unknown fields', () => {
    const stored = { is_multi_key: true, multi_key_size: 3, multi_key_status_list: { '1': 3 }, multi_key_polling_index: 2, multi_key_mode: 'polling', extra: 1 };
    expect(readChannelInfo(stored)).toEqual(stored);
    expect(readChannelInfo(JSON.stringify(stored))).toEqual(stored);
  });

  it('takes keys one per line, or the elements of a JSON array', () => {
    expect(keysOf(' a \n\nb\n')).toEqual(['a', 'b']);
    expect(keysOf('[{"k":1},"s"]')).toEqual(['{"k":1}', 's']);
    expect(keysOf('[not an array')).toEqual(['[not an array']);
  });

  it('sets and clears a key status with its reason and time', () => {
    const off = setKeyStatus(multiKeyInfo(3, 'random'), 1, 3, 'quota', 100);
    expect(keyStatusOf(off, 1)).toBe(3);
    expect(keyStatusOf(off, 0)).toBe(1);
    expect(off.multi_key_disabled_reason).toEqual({ '1': 'quota' });
    const on = setKeyStatus(off, 1, 1);
    expect(on.multi_key_status_list).toEqual({});
    expect(on.multi_key_disabled_reason).toEqual({});
    expect(on.multi_key_disabled_time).toEqual({});
  });

  it('drops per-key state past a shorter key list', () => {
    let info = setKeyStatus(setKeyStatus(multiKeyInfo(4, 'polling'), 0, 2), 3, 3, 'r', 1);
    info = { ...info, multi_key_polling_index: 3 };
    expect(resizeInfo(info, 2)).toMatchObject({ multi_key_size: 2, multi_key_status_list: { '0': 2 }, multi_key_disabled_reason: {}, multi_key_polling_index: 0 });
  });

  it('moves the state of later keys down when keys are removed', () => {
    const info = setKeyStatus(setKeyStatus(multiKeyInfo(4, 'random'), 1, 3, 'gone', 5), 3, 2);
    const out = removeKeys(['k0', 'k1', 'k2', 'k3'], info, (i) => i === 1);
    expect(out.keys).toEqual(['k0', 'k2', 'k3']);
    expect(out.info).toMatchObject({ multi_key_size: 3, multi_key_status_list: { '2': 2 }, multi_key_disabled_reason: {} });
  });
});
