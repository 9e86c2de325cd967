import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../providers/registry.js';
import { CHANNEL_TYPES, channelTypeOf } from './channel-types.js';

describe('console channel types', () => {
  it('lists every provider of the registry but Unknown, under its registry name', () => {
    const registry = Object.entries(PROVIDERS).filter(([id]) => id !== '0');
    expect(CHANNEL_TYPES.map((o) => o.id)).toEqual(registry.map(([id]) => Number(id)));
    for (const [id, info] of registry) expect(channelTypeOf(Number(id))?.label.zh).toBe(info.name);
  });

  it.each([
    [15, 'APIKey|SecretKey'],
    [18, 'APPID|APISecret|APIKey'],
    [22, 'APIKey-AppId'],
    [23, 'AppId|SecretId|SecretKey'],
    [33, 'Ak|Sk|Region'],
    [1, undefined],
  ])('type %i has the key hint %s', (id, hint) => expect(channelTypeOf(id)?.keyHint).toBe(hint));
});
