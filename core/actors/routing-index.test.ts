import { describe, expect, it } from 'vitest';
import { ChannelActor } from './channel-actor.js';
import { buildRoutingIndex, type AbilityRow } from './routing-index.js';
import { testConfig } from './test-channel-config.js';

const actors = new Map([1, 2, 3, 4].map((id) => [id, new ChannelActor(testConfig({ id, status: id === 4 ? 3 : 1 }))] as const));
const row = (group: string, model: string, channel_id: number, priority: number | null = 0): AbilityRow => ({ group, model, channel_id, priority });

describe('buildRoutingIndex', () => {
  const index = buildRoutingIndex(
    [row('default', 'gpt', 2, 5), row('default', 'gpt', 1, 5), row('default', 'gpt', 3, 10), row('vip', 'gpt', 1, null), row('default', 'gpt', 4, 99), row('default', 'gpt', 9, 1)],
    actors,
  );
  const tiers = (group: string, model: string) => index.get(group)?.get(model)?.map((t) => [t.priority, t.channels.map((c) => c.id)]);

  it('groups abilities by group and model into priority tiers, highest first, channels by id', () => {
    expect(tiers('default', 'gpt')).toEqual([[10, [3]], [5, [1, 2]]]);
    expect(tiers('vip', 'gpt')).toEqual([[0, [1]]]);
  });

  it('leaves out rows whose channel is not enabled or does not exist', () => {
    expect(tiers('default', 'gpt')!.flatMap(([, ids]) => ids)).not.toContain(4);
    expect(tiers('default', 'gpt')!.flatMap(([, ids]) => ids)).not.toContain(9);
    expect(index.get('default')?.get('other')).toBeUndefined();
  });
});
