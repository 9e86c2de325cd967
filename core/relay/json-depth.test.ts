import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth.js';

const b = (s: string) => Buffer.from(s);

describe('exceedsJsonDepth', () => {
  it.each([
    ['{"a":[1,{"b":2}]}', 3, false],
    ['{"a":[1,{"b":2}]}', 2, true],
    ['{"s":"[[[[[[[[[["}', 1, false],
    ['{"s":"\\"[[[["}', 1, false],
    [`${'['.repeat(1000)}${']'.repeat(1000)}`, 100, true],
  ])('%s with limit %i → %s', (text, limit, want) => {
    expect(exceedsJsonDepth(b(text), limit)).toBe(want);
  });
});
