import type { Exchange } from '../http/exchange.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import type { TaskUpstream } from './task-upstream.js';

/**
 * The task relay's upstream as one request sees it: its calls are cut with the client's connection, but only
 * once the gateway is stopping. A running gateway lets a submit whose client left go on, as new-api does (the
 * upstream may be taking the task, which is then recorded and charged). A stopping gateway closes the
 * connections still open after its drain; a submit waiting on its upstream (up to a minute) is cut there, so
 * its reservation comes back before the last flush instead of settling after it, unlogged. The upstream may
 * still run that task: it is not charged, which errs in the user's favour.
 */
export function cutOnShutdown(upstream: TaskUpstream, ex: Exchange, gate: InFlightGate): TaskUpstream {
  return {
    send(r) {
      const call = upstream.send(r);
      ex.onAbort(() => {
        if (gate.closed) call.abort(new Error('gateway shutting down'));
      });
      return call;
    },
  };
}
