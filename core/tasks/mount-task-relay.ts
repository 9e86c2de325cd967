import { randomUUID } from 'node:crypto';
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import type { ErrorWriter } from '../formats/format-contracts.js';
import { openAiErrorWriter } from '../formats/openai/openai-error-body.js';
import { answerPreflight } from '../http/cors.js';
import type { InFlightGate } from '../http/in-flight-gate.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { mountMjRoutes } from './midjourney/mount-mj-routes.js';
import { mountSunoRoutes } from './suno/mount-suno-routes.js';
import { mountVideoRoutes } from './video/mount-video-routes.js';
import { cutOnShutdown } from './cut-on-shutdown.js';
import type { TaskContext } from './task-context.js';
import { openTaskExchange, runTaskHandler } from './task-exchange.js';

/**
 * Registers one task-relay route; `run` gets the route's parameters in path order. The gateway's own refusals
 * (stopping, over RELAY_MAX_IN_FLIGHT) are written by `errors`: the OpenAI envelope unless the route has its own.
 */
export type MountTask = (method: 'get' | 'post', pattern: string, run: (ctx: TaskContext, params: string[]) => Promise<void>, errors?: ErrorWriter) => void;

/**
 * The task relays: Midjourney-Proxy (/mj, /:mode/mj), Suno (/suno) and video (/v1/video/generations, /v1/videos, /kling, /jimeng). Their upstream pool is their own,
 * so it is closed with what this returns. Each request holds a slot of the relay's gate, so a stopping gateway
 * refuses new ones and waits for (or cuts) those in flight before its last flush, as on the chat path.
 */
export function mountTaskRelay(app: TemplatedApp, services: AppServices, gate: InFlightGate): UpstreamClient {
  const upstream = UpstreamClient.forChannels(services.env, 64);
  // As new-api, image links are signed with SESSION_SECRET; without one they last as long as this process.
  const secret = services.env.SESSION_SECRET ?? randomUUID();
  const mount: MountTask = (method, pattern, run, errors = openAiErrorWriter) => {
    const params = pattern.split('/').filter((s) => s.startsWith(':')).length;
    app[method](pattern, (res, req) => {
      const opened = openTaskExchange(services, res, req, params, method === 'post', gate, errors);
      if (!opened) return;
      const { ex, body, release } = opened;
      const ctx = { app: services, upstream: cutOnShutdown(upstream, ex, gate), ex, body, secret };
      // runTaskHandler answers every failure, so the slot is freed once the request is over
      void runTaskHandler(services, ex, () => run(ctx, ex.req.params)).finally(release);
    });
  };
  mountMjRoutes(mount);
  mountSunoRoutes(mount);
  mountVideoRoutes(mount);
  for (const prefix of ['/mj/*', '/:mode/mj/*', '/suno/*', '/kling/*', '/jimeng', '/jimeng/*']) app.options(prefix, answerPreflight);
  return upstream;
}
