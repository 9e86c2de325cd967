import { describe, expect, it } from 'vitest';
import { buildMatcherOffThread } from './build-matcher-off-thread.js';
import { SensitiveMatcher } from './sensitive-matcher.js';

describe('buildMatcherOffThread', () => {
  it('hands back, from a worker thread, a matcher that finds exactly what one built here finds', async () => {
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 48271) + 1) >>> 0) >>> 8;
    const alphabet = [...'abcAB敏感词😀'];
    const word = (max: number) => Array.from({ length: 1 + (next() % max) }, () => alphabet[next() % alphabet.length]).join('');
    const list = Array.from({ length: 3000 }, () => word(5)).join('\n');
    const text = Array.from({ length: 200 }, () => word(8)).join(' ');

    const offThread = await buildMatcherOffThread(list);
    const here = new SensitiveMatcher(list);
    expect(offThread.hits(text)).toEqual(here.hits(text));
    expect(offThread.hits(text).length).toBeGreaterThan(100);
    expect(offThread.maxLength).toBe(here.maxLength);
  });

  it('builds an empty list', async () => {
    const matcher = await buildMatcherOffThread('\n \n');
    expect(matcher.empty).toBe(true);
    expect(matcher.hits('anything')).toEqual([]);
  });
});
