import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../../core/contracts/channel';
import { autoDisabledInfo, CHANNEL_COLOURS, channelColour, groupByTag, isTagGroup, parsePriority, parseTagWeight, parseWeight, responseTimeTone } from './channel-view';

describe('channel view rules', () => {
  it('cycles 15 colours by id', () => {
    expect(new Set(CHANNEL_COLOURS).size).toBe(15);
    expect(channelColour(1)).toBe(channelColour(16));
    expect(channelColour(1)).not.toBe(channelColour(2));
  });

  it.each([
    [0, 'untested'],
    [1000, 'green'],
    [1001, 'lime'],
    [3000, 'lime'],
    [5000, 'yellow'],
    [5001, 'red'],
  ])('response time %i ms is %s', (ms, tone) => expect(responseTimeTone(ms)).toBe(tone));

  it.each([
    ['-999', -999],
    ['-1000', null],
    ['3', 3],
    ['1.5', null],
    ['x', null],
  ])('priority %s → %s', (text, n) => expect(parsePriority(text)).toBe(n));

  it.each([
    ['-5', 0],
    ['7', 7],
    ['a', null],
  ])('list weight %s → %s', (text, n) => expect(parseWeight(text)).toBe(n));

  it('refuses a negative tag weight', () => expect(parseTagWeight('-1')).toBeNull());

  it('reads the auto-disable reason and time', () => {
    expect(autoDisabledInfo('{"status_reason":"quota exceeded","status_time":1700000000}')).toEqual({ reason: 'quota exceeded', time: 1700000000 });
    expect(autoDisabledInfo('')).toBeNull();
    expect(autoDisabledInfo('not json')).toBeNull();
  });

  it('groups tagged channels and keeps untagged ones single', () => {
    const ch = (id: number, tag: string | null) => ({ id, tag }) as Channel;
    const rows = groupByTag([ch(1, 'a'), ch(2, null), ch(3, 'a'), ch(4, 'b')]);
    expect(rows.map((r) => (isTagGroup(r) ? `${r.tag}:${r.channels.map((c) => c.id).join('+')}` : r.id))).toEqual(['a:1+3', 2, 'b:4']);
  });
});
