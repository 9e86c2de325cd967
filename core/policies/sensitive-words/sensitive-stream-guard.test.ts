import { describe, expect, it } from 'vitest';
import { SensitiveMatcher } from './sensitive-matcher.js';
import { type GuardedDelta, SensitiveStreamGuard } from './sensitive-stream-guard.js';

const pushAll = (list: string, deltas: string[], stop = true): GuardedDelta[] => {
  const guard = new SensitiveStreamGuard(new SensitiveMatcher(list), stop);
  return deltas.map((d) => guard.push(d));
};

describe('SensitiveStreamGuard', () => {
  it.each<[string, string, string[], string[], string[]]>([
    ['clean deltas pass untouched', 'test_sensitive', ['Hello', ' world'], ['Hello', ' world'], []],
    ['a word inside one delta is masked', 'test_sensitive', ['a test_sensitive b'], ['a **###** b'], ['test_sensitive']],
    ['a word split over two deltas is found in the second', 'test_sensitive', ['say test_sen', 'sitive now'], ['say test_sen', '**###** now'], ['test_sensitive']],
    ['a word split over three deltas', 'test_sensitive', ['test', '_sensi', 'tive!'], ['test', '_sensi', '**###**!'], ['test_sensitive']],
    ['case-insensitive, the original text is what is masked', 'secret', ['Top SEC', 'RET plan'], ['Top SEC', '**###** plan'], ['secret']],
    ['a CJK word split in the middle', '敏感词', ['这是敏', '感词吗'], ['这是敏', '**###**吗'], ['敏感词']],
    ['a word reported once, in the delta where it ends', 'abc', ['ab', 'c', 'd'], ['ab', '**###**', 'd'], ['abc']],
    ['overlapping words become one mask', 'abc\nbcd', ['xabcdx'], ['x**###**x'], ['abc', 'bcd']],
    ['adjacent words stay two masks', 'ab\ncd', ['abcd'], ['**###****###**'], ['ab', 'cd']],
  ])('%s', (_name, list, deltas, texts, words) => {
    const out = pushAll(list, deltas);
    expect(out.map((d) => d.text)).toEqual(texts);
    expect(out.flatMap((d) => d.words)).toEqual(words);
  });

  it('asks to stop at the delta holding the word only with StopOnSensitiveEnabled', () => {
    expect(pushAll('bad', ['ok', 'so b', 'ad'], true).map((d) => d.stop)).toEqual([false, false, true]);
    expect(pushAll('bad', ['ok', 'so b', 'ad'], false).map((d) => d.stop)).toEqual([false, false, false]);
  });

  it('finds the longest word fed one character at a time (the tail holds exactly longest − 1)', () => {
    const out = pushAll('ab\nxyz', [...'__xyz__']);
    expect(out.map((d) => d.text).join('')).toBe('__xy**###**__');
    expect(out.flatMap((d) => d.words)).toEqual(['xyz']);
  });
});
