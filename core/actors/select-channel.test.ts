import { describe, expect, it } from 'vitest';
import { ChannelActor } from './channel-actor.js';
import { testConfig } from './test-channel-config.js';
import { selectChannel, type Tier } from './select-channel.js';

const actor = (id: number, weight = 0, priority = 0): ChannelActor =>
  new ChannelActor(testConfig({ id, weight, priority, keys: ['k'] }));

describe('selectChannel', () => {
  const high = [actor(1, 0, 10), actor(2, 90, 10)];
  const low = [actor(3, 0, 0)];
  const tiers: Tier[] = [
    { priority: 10, channels: high },
    { priority: 0, channels: low },
  ];

  it.each([
    [0.0, 1],
    [0.09, 1],
    [0.0910, 2],
    [0.9999, 2],
  ])('weights with +10 smoothing (random %f → channel %i)', (r, id) => {
    expect(selectChannel(tiers, new Set(), 0, () => r)?.id).toBe(id);
  });

  it('excludes channels already tried and stays in the tier while it has candidates', () => {
    expect(selectChannel(tiers, new Set([2]), 0, () => 0.99)?.id).toBe(1);
  });

  it('falls through to the next tier when a tier is exhausted', () => {
    expect(selectChannel(tiers, new Set([1, 2]), 0)?.id).toBe(3);
    expect(selectChannel(tiers, new Set([1, 2, 3]), 0)).toBeNull();
  });

  it('skips channels whose circuit is open', () => {
    const a = actor(5);
    a.fail();
    a.fail();
    a.fail();
    expect(selectChannel([{ priority: 0, channels: [a] }], new Set(), Date.now())).toBeNull();
    expect(selectChannel([{ priority: 0, channels: [a] }], new Set(), Date.now() + 120_000)?.id).toBe(5);
  });

  describe('with a channel-type filter (a media kind only some types serve)', () => {
    const typed = (id: number, type: number, weight = 0): ChannelActor => new ChannelActor(testConfig({ id, type, weight, keys: ['k'] }));
    const byType: Tier[] = [
      { priority: 10, channels: [typed(11, 14, 90), typed(12, 1)] },
      { priority: 0, channels: [typed(13, 1)] },
    ];
    const openAiOnly = (type: number) => type === 1;

    it.each([0, 0.5, 0.9999])('never draws a type the filter refuses (random %f)', (r) => {
      expect(selectChannel(byType, new Set(), 0, () => r, openAiOnly)?.id).toBe(12);
    });

    it('falls through to a lower tier when no type in the tier serves the kind', () => {
      expect(selectChannel(byType, new Set([12]), 0, () => 0, openAiOnly)?.id).toBe(13);
    });

    it('answers null when no channel of a serving type is left', () => {
      expect(selectChannel(byType, new Set([12, 13]), 0, () => 0, openAiOnly)).toBeNull();
      expect(selectChannel(byType, new Set(), 0, () => 0, () => false)).toBeNull();
    });

    it('without a filter, every type is drawn as before', () => {
      expect(selectChannel(byType, new Set(), 0, () => 0)?.id).toBe(11);
    });
  });

  it('answers null for an unknown group/model', () => {
    expect(selectChannel(undefined, new Set(), 0)).toBeNull();
  });
});
