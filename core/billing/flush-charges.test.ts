import { describe, expect, it } from 'vitest';
import { flushCharges, type ChargeWriters } from './flush-charges.js';

/** Writers that record the order of their calls; the logs' flush answers `logged`. */
function writers(logged: boolean) {
  const calls: string[] = [];
  const w: ChargeWriters = {
    logs: { flush: async () => (calls.push('logs'), logged) },
    counters: { flush: async () => void calls.push('counters') },
    leases: { mark: () => void calls.push('mark'), release: async (all?: boolean) => void calls.push(all ? 'release all' : 'release') },
  };
  return { w, calls };
}

describe('flushCharges', () => {
  it('marks the slices, writes the logs, then the counters and the lease rows', async () => {
    const { w, calls } = writers(true);
    await flushCharges(w);
    await flushCharges(w, true);
    expect(calls).toEqual(['mark', 'logs', 'counters', 'release', 'mark', 'logs', 'counters', 'release all']);
  });

  it('leaves the lease rows (the balance charges) unwritten while the logs that explain them could not be written', async () => {
    const { w, calls } = writers(false);
    await flushCharges(w, true);
    expect(calls).toEqual(['mark', 'logs', 'counters']);
  });
});
