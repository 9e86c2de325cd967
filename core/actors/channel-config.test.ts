import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../db/rows.js';
import { toChannelConfig } from './channel-config.js';

const row = (over: Partial<ChannelRow>): ChannelRow => ({ id: 1, type: 1, key: 'k', status: 1, name: 'c', models: 'm', group: 'default', channel_info: null, ...over }) as ChannelRow;

describe('toChannelConfig keys and multi-key settings', () => {
  it.each<[string, Partial<ChannelRow>, { keys: string[]; multi: boolean; mode: string; statuses: Record<number, number>; polling: number }]>([
    ['one key per line, polled', { key: ' a \n\nb\n' }, { keys: ['a', 'b'], multi: false, mode: 'polling', statuses: {}, polling: 0 }],
    ['a Vertex key is one JSON document', { type: 41, key: '{\n "type": "service_account"\n}' }, { keys: ['{\n "type": "service_account"\n}'], multi: false, mode: 'polling', statuses: {}, polling: 0 }],
    [
      'a multi-key channel as new-api stores it',
      { key: 'a\nb\nc', channel_info: { is_multi_key: true, multi_key_size: 3, multi_key_status_list: { 1: 3 }, multi_key_mode: 'polling', multi_key_polling_index: 2 } },
      { keys: ['a', 'b', 'c'], multi: true, mode: 'polling', statuses: { 1: 3 }, polling: 2 },
    ],
    ['random unless polling is asked', { key: 'a\nb', channel_info: '{"is_multi_key":true,"multi_key_mode":""}' }, { keys: ['a', 'b'], multi: true, mode: 'random', statuses: {}, polling: 0 }],
    ['a multi-key Vertex channel holds a JSON array', { type: 41, key: '[{"a":1},{"b":2}]', channel_info: { is_multi_key: true } }, { keys: ['{"a":1}', '{"b":2}'], multi: true, mode: 'random', statuses: {}, polling: 0 }],
  ])('%s', (_name, over, want) => {
    const c = toChannelConfig(row(over));
    expect({ keys: c.keys, multi: c.multiKey.enabled, mode: c.multiKey.mode, statuses: c.multiKey.statuses, polling: c.multiKey.pollingIndex }).toEqual(want);
  });
});
