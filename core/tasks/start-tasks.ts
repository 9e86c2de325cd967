import type { TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { mountTaskRelay } from './mount-task-relay.js';
import { startTaskPoller } from './poller/task-poller.js';

/** The Midjourney and Suno relays and their poller, stopped together. */
export function startTasks(app: TemplatedApp, services: AppServices): { stop(): Promise<void> } {
  const upstream = mountTaskRelay(app, services);
  const poller = startTaskPoller(services, services.env);
  return {
    async stop() {
      await poller.stop();
      await upstream.close();
    },
  };
}
