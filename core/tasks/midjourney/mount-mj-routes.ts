import type { MountTask } from '../mount-task-relay.js';
import { mjUpstreamPath, type TaskContext } from '../task-context.js';
import { MJ_SUBMIT_ROUTES } from './mj-action.js';
import { mjGateErrors } from './mj-error.js';
import { mjFetch, mjImageSeed, mjListByCondition } from './mj-fetch.js';
import { mjImage } from './mj-image.js';
import { mjNotify } from './mj-notify.js';
import { mjSubmit } from './mj-submit.js';

/**
 * The Midjourney-Proxy routes, under /mj and under /:mode/mj (fast, relax, turbo, or new-api's
 * `mj-<mode>`); the mode prefix is dropped before forwarding, as new-api does for `/mj-<mode>`.
 */
export function mountMjRoutes(mount: MountTask): void {
  for (const prefix of ['/mj', '/:mode/mj']) {
    // the task id is the last parameter, after the mode when there is one
    const route = (method: 'get' | 'post', path: string, run: (ctx: TaskContext, id: string) => Promise<void>) =>
      mount(method, `${prefix}/${path}`, (ctx, params) => run(ctx, params.at(-1) ?? ''), mjGateErrors);
    for (const path of MJ_SUBMIT_ROUTES) route('post', path, (ctx) => mjSubmit(ctx, path, mjUpstreamPath(path, ctx.ex.req.query)));
    route('get', 'task/:id/fetch', mjFetch);
    route('get', 'task/:id/image-seed', (ctx, id) => mjImageSeed(ctx, id, mjUpstreamPath(`task/${encodeURIComponent(id)}/image-seed`, ctx.ex.req.query)));
    route('post', 'task/list-by-condition', mjListByCondition);
    route('post', 'notify', mjNotify);
    route('get', 'image/:id', mjImage);
  }
}
