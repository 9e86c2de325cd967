import { describe, expect, it } from 'vitest';
import { compiledBuffers, compileSensitiveList, parseSensitiveList } from './compile-sensitive-list.js';
import { SensitiveMatcher } from './sensitive-matcher.js';

describe('parseSensitiveList', () => {
  it.each([
    ['one word per line, trimmed', ' a \nb\r\n', ['a', 'b'], ['a', 'b']],
    ['blank lines skipped', '\n\n  \nx\n', ['x'], ['x']],
    ['the first spelling of a word listed in two cases wins', 'Foo\nFOO\nfoo', ['foo'], ['Foo']],
    ['nothing', '', [], []],
  ])('%s', (_name, list, folded, listed) => {
    expect(parseSensitiveList(list)).toEqual({ folded, listed });
  });
});

describe('compileSensitiveList', () => {
  it('builds the trie, failure and output links of the classic example (he, she, his, hers)', () => {
    const c = compileSensitiveList('he\nshe\nhis\nhers');
    const spell = (state: number): string => {
      // Walk back up by finding the edge that leads to `state`.
      if (state === 0) return '';
      const e = c.edgeTarget.indexOf(state);
      const from = c.edgeStart.findIndex((start, s) => start <= e && e < c.edgeStart[s + 1]!);
      const unit = c.symbolOf.indexOf(c.edgeSymbol[e]!);
      return spell(from) + String.fromCharCode(unit);
    };
    const states = Array.from({ length: c.failure.length }, (_, s) => s);
    const table = Object.fromEntries(states.map((s) => [spell(s), { failure: spell(c.failure[s]!), output: spell(c.outputLink[s]!), word: c.wordAt[s] }]));
    expect(table).toEqual({
      '': { failure: '', output: '', word: -1 },
      h: { failure: '', output: '', word: -1 },
      s: { failure: '', output: '', word: -1 },
      he: { failure: '', output: '', word: 0 },
      hi: { failure: '', output: '', word: -1 },
      sh: { failure: 'h', output: '', word: -1 },
      her: { failure: '', output: '', word: -1 },
      his: { failure: 's', output: '', word: 2 },
      she: { failure: 'he', output: 'he', word: 1 },
      hers: { failure: 's', output: '', word: 3 },
    });
    expect(c.words.slice(c.wordStart[1], c.wordStart[2])).toBe('she');
    expect(c.maxLength).toBe(4);
  });

  it('sorts every state’s edges by symbol (the matcher binary-searches them)', () => {
    const c = compileSensitiveList(['zeta', 'zebra', 'zap', 'zoo', 'zz', 'z敏', 'za'].join('\n'));
    for (let s = 0; s + 1 < c.edgeStart.length; s++) {
      const symbols = [...c.edgeSymbol.subarray(c.edgeStart[s], c.edgeStart[s + 1])];
      expect(symbols).toEqual([...symbols].sort((a, b) => a - b));
    }
  });

  it('survives being posted to another thread with its buffers transferred', () => {
    const list = 'alpha\nBeta\n敏感词\n😀x';
    const compiled = compileSensitiveList(list);
    const moved = structuredClone(compiled, { transfer: compiledBuffers(compiled) });
    expect(compiled.failure.length).toBe(0); // transferred, not copied
    const text = 'ALPHA beta 这是敏感词 😀X';
    expect(new SensitiveMatcher(moved).hits(text)).toEqual(new SensitiveMatcher(list).hits(text));
    expect(new SensitiveMatcher(moved).findSensitive(text)).toEqual(['alpha', 'Beta', '敏感词', '😀x']);
  });
});
