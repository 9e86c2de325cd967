import { describe, expect, it } from 'vitest';
import { selectKey, type KeyUse } from './select-key.js';

const uses = (...u: KeyUse[]) => (i: number) => u[i]!;

describe('selectKey', () => {
  it.each<[string, KeyUse[], 'random' | 'polling', number, number, { index: number; cursor: number } | null]>([
    ['polling takes the first ready key from the cursor', ['ready', 'ready', 'ready'], 'polling', 1, 0, { index: 1, cursor: 2 }],
    ['polling wraps around', ['ready', 'ready', 'ready'], 'polling', 2, 0, { index: 2, cursor: 0 }],
    ['polling skips disabled keys', ['ready', 'no', 'ready'], 'polling', 1, 0, { index: 2, cursor: 0 }],
    ['a cursor out of range starts over', ['ready', 'ready'], 'polling', 9, 0, { index: 0, cursor: 1 }],
    ['random draws among ready keys only', ['no', 'ready', 'ready'], 'random', 0, 0.99, { index: 2, cursor: 0 }],
    ['random low draw', ['no', 'ready', 'ready'], 'random', 0, 0, { index: 1, cursor: 0 }],
    ['a ready key beats a probe', ['probe', 'ready'], 'polling', 0, 0, { index: 1, cursor: 0 }],
    ['a probe when nothing is ready', ['no', 'probe', 'probe'], 'random', 0, 0, { index: 1, cursor: 2 }],
    ['nothing usable', ['no', 'no'], 'polling', 0, 0, null],
    ['no keys', [], 'random', 0, 0, null],
  ])('%s', (_name, u, mode, cursor, r, want) => {
    expect(selectKey(u.length, uses(...u), mode, cursor, () => r)).toEqual(want);
  });
});
