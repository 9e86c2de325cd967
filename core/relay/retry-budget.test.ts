import { describe, expect, it } from 'vitest';
import { RetryBudget } from './retry-budget.js';

const allowed = (budget: RetryBudget, tries: number) => Array.from({ length: tries }, () => budget.takeRetry()).filter(Boolean).length;

describe('RetryBudget', () => {
  it.each([
    [0, 20],
    [20, 24],
    [100, 40],
    [1000, 220],
  ])('with %i requests this second, %i retries', (requests, expected) => {
    const budget = new RetryBudget(0.2, 20, () => 5_000);
    for (let i = 0; i < requests; i++) budget.request();
    expect(allowed(budget, 5000)).toBe(expected);
  });

  it('starts afresh each second', () => {
    let now = 1_000;
    const budget = new RetryBudget(0.2, 2, () => now);
    expect(allowed(budget, 10)).toBe(2);
    now = 1_999;
    expect(budget.takeRetry()).toBe(false);
    now = 2_000;
    expect(allowed(budget, 10)).toBe(2);
  });
});
