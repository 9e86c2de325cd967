import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeadlines } from './task-deadline.js';

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setInterval', 'clearInterval', 'performance'] };

describe('createDeadlines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires the abort listener once the deadline passes', () => {
    vi.useFakeTimers(FAKE);
    const deadline = createDeadlines(100).start();
    const listener = vi.fn();
    deadline.once('abort', listener);
    vi.advanceTimersByTime(75);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(deadline.expired).toBe(true);
    expect(deadline.reason).toBeUndefined();
    vi.advanceTimersByTime(500);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never fires once the listener is removed (the task settled), and stops its timer at once', () => {
    vi.useFakeTimers(FAKE);
    const deadline = createDeadlines(100).start();
    const listener = vi.fn();
    deadline.once('abort', listener);
    expect(vi.getTimerCount()).toBe(1);
    deadline.removeListener('abort', listener);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(listener).not.toHaveBeenCalled();
    expect(deadline.expired).toBe(false);
  });

  it('runs one timer for many deadlines and stops it when none is pending', () => {
    vi.useFakeTimers(FAKE);
    const deadlines = createDeadlines(40);
    const fired: number[] = [];
    for (let i = 0; i < 3; i++) deadlines.start().once('abort', () => fired.push(i));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(60);
    expect(fired).toEqual([0, 1, 2]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts every pending deadline with a reason', () => {
    vi.useFakeTimers(FAKE);
    const deadlines = createDeadlines(10_000);
    const a = deadlines.start();
    const b = deadlines.start();
    const done = deadlines.start();
    const fired: string[] = [];
    a.once('abort', () => fired.push('a'));
    b.once('abort', () => fired.push('b'));
    done.once('abort', () => fired.push('done'));
    done.off('abort', () => {});
    const reason = new Error('no worker thread left');
    deadlines.abortAll(reason);
    expect(fired).toEqual(['a', 'b']);
    expect(a.reason).toBe(reason);
    expect(a.expired).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
