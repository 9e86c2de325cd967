import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadlineFactory } from './task-deadline.js';

describe('deadlineFactory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires the abort listener once the deadline passes', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const deadline = deadlineFactory(100)();
    const listener = vi.fn();
    deadline.once('abort', listener);
    vi.advanceTimersByTime(75);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(deadline.expired).toBe(true);
    vi.advanceTimersByTime(500);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('never fires once the listener is removed (the task finished)', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const deadline = deadlineFactory(100)();
    const listener = vi.fn();
    deadline.once('abort', listener);
    deadline.removeListener('abort', listener);
    vi.advanceTimersByTime(1000);
    expect(listener).not.toHaveBeenCalled();
    expect(deadline.expired).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs one timer for many deadlines and stops it when none is pending', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const make = deadlineFactory(40);
    const fired: number[] = [];
    for (let i = 0; i < 3; i++) make().once('abort', () => fired.push(i));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(60);
    expect(fired).toEqual([0, 1, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
