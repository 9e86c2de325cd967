import { describe, expect, it } from 'vitest';
import { CoalescingLoader } from './coalescing-loader.js';

/** A loader whose statements are held until the test lets each one answer. */
function heldLoader(maxBatch?: number) {
  const calls: { keys: string[]; answer(found: Record<string, number>): void; fail(e: Error): void }[] = [];
  const loader = new CoalescingLoader<string, number>(
    (keys) =>
      new Promise((resolve, reject) => {
        calls.push({ keys, answer: (found) => resolve(new Map(Object.entries(found))), fail: reject });
      }),
    maxBatch,
  );
  return { loader, calls };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('CoalescingLoader', () => {
  it('sends a lone key at once, and the keys asked for while it is in flight together in one statement, each once', async () => {
    const { loader, calls } = heldLoader();
    const first = loader.load('a');
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    const rest = ['b', 'c', 'b', 'd'].map((k) => loader.load(k));
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer({ a: 1 });
    expect(await first).toBe(1);
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer({ b: 2, d: 4 });
    expect(await Promise.all(rest)).toEqual([2, undefined, 2, 4]);
  });

  it('splits what waits into batches of at most maxBatch', async () => {
    const { loader, calls } = heldLoader(2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((k) => loader.load(k));
    calls[0]!.answer({});
    await turn();
    calls[1]!.answer({ b: 2 });
    await turn();
    calls[2]!.answer({ e: 5 });
    expect(await Promise.all(all)).toEqual([undefined, 2, undefined, undefined, 5]);
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('rejects the keys of a failed statement only, and goes on with the next', async () => {
    const { loader, calls } = heldLoader();
    const a = loader.load('a');
    const b = loader.load('b');
    calls[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await turn();
    calls[1]!.answer({ b: 2 });
    expect(await b).toBe(2);
    // idle again: the next key goes out at once
    void loader.load('c');
    expect(calls).toHaveLength(3);
  });
});
