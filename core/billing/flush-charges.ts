import type { BatchedCounters } from './batched-counters.js';
import type { LogWriter } from './log-writer.js';
import type { QuotaLeases } from './quota-leases.js';

export interface ChargeWriters {
  logs: Pick<LogWriter, 'flush'>;
  counters: Pick<BatchedCounters, 'flush'>;
  leases: Pick<QuotaLeases, 'mark' | 'release'> | null;
}

/**
 * One batched write of what requests settled (every tick, and `all` at shutdown): the consume logs first, then the
 * counters, then the lease rows that hold the balance charges the logs explain (QuotaLeases.mark). While the logs
 * cannot be written, the lease rows keep those charges recorded as leased, so a crash meanwhile returns them to
 * their owners: it can leave a logged request uncharged, never a balance charged without its log. The counters
 * (usage figures; without leases, the reservations' deltas, refunds included) are written regardless.
 */
export async function flushCharges({ logs, counters, leases }: ChargeWriters, all = false): Promise<void> {
  leases?.mark();
  const logged = await logs.flush();
  await counters.flush();
  if (logged) await leases?.release(all);
}
