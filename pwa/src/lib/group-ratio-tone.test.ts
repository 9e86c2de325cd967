import { describe, expect, it } from 'vitest';
import { groupRatioTone } from './group-ratio-tone';

describe('groupRatioTone', () => {
  it.each([
    [0.5, 'green'],
    [1, 'green'],
    [1.01, 'blue'],
    [3, 'blue'],
    [3.5, 'orange'],
    [5, 'orange'],
    [5.01, 'red'],
    [10, 'red'],
  ])('ratio %d → %s', (ratio, tone) => expect(groupRatioTone(ratio)).toBe(tone));
});
