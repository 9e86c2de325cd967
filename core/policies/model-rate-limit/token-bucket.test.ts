import { describe, expect, it } from 'vitest';
import { type BucketState, takeFromBucket, totalRequestBucket } from './token-bucket.js';

/** Runs requests at the given seconds against a 3-per-60 s bucket and returns which were allowed. */
function run(seconds: number[]): boolean[] {
  let state: BucketState | undefined;
  return seconds.map((now) => {
    const step = takeFromBucket(state, now, totalRequestBucket(3, 60));
    state = step.state;
    return step.allowed;
  });
}

describe('takeFromBucket (new-api total-request bucket)', () => {
  it.each([
    ['three at once, the fourth refused', [0, 0, 0, 0], [true, true, true, false]],
    ['refused fourth, then one more after 20 s (N tokens refill per second, D per request)', [0, 0, 0, 0, 20], [true, true, true, false, true]],
    ['19 s is not enough for one more', [0, 0, 0, 19], [true, true, true, false]],
    ['a full window later the burst is back', [0, 0, 0, 60, 60, 60, 60], [true, true, true, true, true, true, false]],
    ['a clock that steps back drains nothing either', [100, 100, 100, 50, 70], [true, true, true, false, true]],
  ])('%s', (_name, seconds, expected) => {
    expect(run(seconds)).toEqual(expected);
  });

  it('refuses without spending: the tokens stay for the next request', () => {
    const shape = totalRequestBucket(1, 60);
    const first = takeFromBucket(undefined, 0, shape);
    const refused = takeFromBucket(first.state, 30, shape);
    expect(refused).toEqual({ allowed: false, state: { tokens: 30, lastSeconds: 30 } });
    expect(takeFromBucket(refused.state, 60, shape).allowed).toBe(true);
  });
});
