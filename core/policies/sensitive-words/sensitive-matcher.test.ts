import { describe, expect, it } from 'vitest';
import { SensitiveMatcher } from './sensitive-matcher.js';

describe('SensitiveMatcher.findSensitive', () => {
  it.each([
    ['the default word', 'test_sensitive', 'say test_sensitive now', ['test_sensitive']],
    ['case-insensitive both ways', 'Bad Word', 'a BAD word here', ['Bad Word']],
    ['CJK words', '敏感词\n违禁', '这里有敏感词和违禁内容', ['敏感词', '违禁']],
    ['order of first occurrence, each once', 'alpha\nbeta', 'beta alpha beta', ['beta', 'alpha']],
    ['overlapping words are all found', 'she\nhe\nhers', 'ushers', ['she', 'he', 'hers']],
    ['blank lines, spaces and CRLF are ignored', '\r\n  foo  \r\n\n\nbar\r\n', 'foo bar', ['foo', 'bar']],
    ['a word listed twice in two cases counts once', 'Foo\nfoo', 'FOO', ['Foo']],
    ['clean text', 'foo\nbar', 'nothing to see', []],
    ['an empty list finds nothing', '\n  \n', 'anything', []],
    ['a word next to a longer-lowercasing character', 'stan', 'İSTANBUL', ['stan']],
  ])('%s', (_name, list, text, expected) => {
    expect(new SensitiveMatcher(list).findSensitive(text)).toEqual(expected);
  });

  it('knows its longest word and whether it is empty', () => {
    expect(new SensitiveMatcher('ab\n敏感词汇\nxyz')).toMatchObject({ maxLength: 4, empty: false });
    expect(new SensitiveMatcher('')).toMatchObject({ maxLength: 0, empty: true });
  });

  it('reports hits as UTF-16 ranges of the text', () => {
    const text = '😀 Foo 敏感';
    const hits = new SensitiveMatcher('foo\n敏感').hits(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(['Foo', '敏感']);
  });
});

describe('SensitiveMatcher.hits against a naive search', () => {
  // The automaton is ours (compile-sensitive-list.ts); this pins its answers to the obvious definition on
  // random input with a small alphabet (many overlaps and shared prefixes) plus CJK and astral characters.
  it('finds exactly every occurrence of every word', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 48271) + 1) >>> 0) >>> 8;
    const alphabet = ['a', 'b', 'A', 'B', '敏', '感', '😀'];
    const randomText = (max: number) => Array.from({ length: 1 + (next() % max) }, () => alphabet[next() % alphabet.length]).join('');
    for (let round = 0; round < 200; round++) {
      const words = Array.from({ length: 1 + (next() % 6) }, () => randomText(4));
      const text = randomText(40);
      const matcher = new SensitiveMatcher(words.join('\n'));
      const naive = new Set<string>();
      for (const word of new Set(words.map((w) => w.toLowerCase()))) {
        for (let at = text.toLowerCase().indexOf(word); at >= 0; at = text.toLowerCase().indexOf(word, at + 1)) naive.add(`${at}:${at + word.length}`);
      }
      expect(new Set(matcher.hits(text).map((h) => `${h.start}:${h.end}`))).toEqual(naive);
    }
  });

  it('stays exact with hundreds of words and long failure chains', () => {
    let seed = 3;
    const next = () => (seed = (Math.imul(seed, 48271) + 1) >>> 0) >>> 8;
    const alphabet = ['a', 'b', 'c', '敏'];
    const randomText = (max: number) => Array.from({ length: 1 + (next() % max) }, () => alphabet[next() % alphabet.length]).join('');
    for (let round = 0; round < 5; round++) {
      const words = [...new Set(Array.from({ length: 400 }, () => randomText(7)))];
      const text = randomText(3000);
      const naive: string[] = [];
      for (let end = 1; end <= text.length; end++) {
        for (const word of words) if (text.startsWith(word, end - word.length) && end >= word.length) naive.push(`${end - word.length}:${end}:${word}`);
      }
      const found = new SensitiveMatcher(words.join('\n')).hits(text).map((h) => `${h.start}:${h.end}:${h.word}`);
      expect(found.sort()).toEqual(naive.sort());
    }
  });
});
