import { describe, expect, it } from 'vitest';
import { mayUseTokenGroup } from './token-group.js';

const USABLE = { default: '默认分组', vip: 'vip分组' };

describe('mayUseTokenGroup', () => {
  it.each([
    ['default', '', true],
    ['default', 'default', true],
    ['default', 'vip', true],
    ['default', 'svip', false],
    ['svip', 'svip', true],
    ['svip', 'default', true],
    ['default', 'toString', false],
    ['default', '__proto__', false],
  ])('user in %s, token group %j → %s', (userGroup, group, allowed) => {
    expect(mayUseTokenGroup(USABLE, userGroup, group)).toBe(allowed);
  });
});
