import { randomUUID } from 'node:crypto';
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppServices } from '../app-services.js';
import { answerPreflight } from '../http/cors.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { mountMjRoutes } from './midjourney/mount-mj-routes.js';
import { mountSunoRoutes } from './suno/mount-suno-routes.js';
import { mountVideoRoutes } from './video/mount-video-routes.js';
import type { TaskContext } from './task-context.js';
import { openTaskExchange, runTaskHandler } from './task-exchange.js';

/** Registers one task-relay route; `run` gets the route's parameters in path order. */
export type MountTask = (method: 'get' | 'post', pattern: string, run: (ctx: TaskContext, params: string[]) => Promise<void>) => void;

/**
 * The task relays: Midjourney-Proxy (/mj, /:mode/mj), Suno (/suno) and video (/v1/video/generations, /v1/videos, /kling, /jimeng). Their upstream pool is their own,
 * so it is closed with what this returns.
 */
export function mountTaskRelay(app: TemplatedApp, services: AppServices): UpstreamClient {
  const upstream = UpstreamClient.forChannels(services.env, 64);
  // As new-api, image links are signed with SESSION_SECRET; without one they last as long as this process.
  const secret = services.env.SESSION_SECRET ?? randomUUID();
  const mount: MountTask = (method, pattern, run) => {
    const params = pattern.split('/').filter((s) => s.startsWith(':')).length;
    app[method](pattern, (res, req) => {
      const { ex, body } = openTaskExchange(services, res, req, params, method === 'post');
      void runTaskHandler(services, ex, () => run({ app: services, upstream, ex, body, secret }, ex.req.params));
    });
  };
  mountMjRoutes(mount);
  mountSunoRoutes(mount);
  mountVideoRoutes(mount);
  for (const prefix of ['/mj/*', '/:mode/mj/*', '/suno/*', '/kling/*', '/jimeng', '/jimeng/*']) app.options(prefix, answerPreflight);
  return upstream;
}
