import { describe, expect, it } from 'vitest';
import { ALL_CHANNEL_TYPES, CHANNEL_TYPES, channelTypeOf, servesOnlyEmbeddings } from './channel-types.js';

describe('console channel types', () => {
  it('lists every type once, in id order, and offers all but Unknown', () => {
    const ids = ALL_CHANNEL_TYPES.map((o) => o.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(CHANNEL_TYPES.map((o) => o.id)).toEqual(ids.filter((id) => id !== 0));
    expect(channelTypeOf(0)).toBeUndefined();
  });

  it("has new-api's later types 50–57", () => {
    expect([50, 51, 52, 53, 54, 55, 56, 57].map((id) => channelTypeOf(id)?.label.en)).toEqual([
      'Kling', 'Jimeng', 'Vidu', 'Submodel', 'Doubao Video', 'Sora', 'Replicate', 'Codex',
    ]);
  });

  it('gives every type a label in both languages and at least one capability', () => {
    for (const o of ALL_CHANNEL_TYPES) {
      expect(o.label.zh.length * o.label.en.length, `type ${o.id}`).toBeGreaterThan(0);
      expect(o.capabilities.length, `type ${o.id}`).toBeGreaterThan(0);
    }
  });

  it.each([
    [15, 'APIKey|SecretKey'],
    [18, 'APPID|APISecret|APIKey'],
    [22, 'APIKey-AppId'],
    [23, 'AppId|SecretId|SecretKey'],
    [33, 'Ak|Sk|Region'],
    [41, '服务账号 JSON 密钥'],
    [1, undefined],
  ])('type %i has the key hint %s', (id, hint) => expect(channelTypeOf(id)?.keyHint).toBe(hint));

  it('marks only Vertex AI as keeping its region in `other`, and only embedding hosts as embeddings-only', () => {
    expect(ALL_CHANNEL_TYPES.filter((o) => o.regionInOther).map((o) => o.id)).toEqual([41]);
    expect(ALL_CHANNEL_TYPES.filter(servesOnlyEmbeddings).map((o) => o.id)).toEqual([38, 44]);
  });
});
