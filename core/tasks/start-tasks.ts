import type { TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { mountTaskRelay } from './mount-task-relay.js';
import { startTaskPoller } from './poller/task-poller.js';

/** The task relays (behind the relay's gate) and their poller, stopped together. */
export function startTasks(app: TemplatedApp, services: AppServices, gate: InFlightGate): { stop(): Promise<void> } {
  const upstream = mountTaskRelay(app, services, gate);
  const poller = startTaskPoller(services, services.env);
  return {
    async stop() {
      await poller.stop();
      await upstream.close();
    },
  };
}
