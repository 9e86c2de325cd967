import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';

/**
 * host-pid-random (host-pid-t<thread>-random on a relay thread, core/cluster): names one writer of the shared
 * database (a lease-holding node, a batch writer), readable in its rows and new every time it is asked for.
 */
export function instanceId(): string {
  return `${hostname()}-${process.pid}-${threadId ? `t${threadId}-` : ''}${randomBytes(3).toString('hex')}`;
}
