import { describe, expect, it } from 'vitest';
import { failed, initialChannelState, isOpen, released, started, succeeded } from './channel-state.js';

describe('channel state', () => {
  it('counts in-flight requests', () => {
    let s = started(started(initialChannelState()));
    expect(s.inFlight).toBe(2);
    s = released(succeeded(s, 100));
    expect(s.inFlight).toBe(0);
    expect(released(s).inFlight).toBe(0);
  });

  it('opens the circuit after three consecutive failures and closes it on success', () => {
    let s = initialChannelState();
    s = failed(started(s), 1000);
    s = failed(started(s), 1000);
    expect(isOpen(s, 1000)).toBe(false);
    s = failed(started(s), 1000);
    expect(isOpen(s, 1000)).toBe(true);
    expect(isOpen(s, 1000 + 60_001)).toBe(false);
    s = succeeded(started(s), 50);
    expect(s.consecutiveFailures).toBe(0);
    expect(isOpen(s, 1000)).toBe(false);
  });

  it('smooths response time', () => {
    const s = succeeded(succeeded(initialChannelState(), 100), 200);
    expect(s.responseMs).toBe(120);
  });
});
