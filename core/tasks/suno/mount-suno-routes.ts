import type { MountTask } from '../mount-task-relay.js';
import { sunoFetch, sunoFetchById } from './suno-fetch.js';
import { sunoSubmit } from './suno-submit.js';

/** The Suno task routes (new-api relay-router.go: /suno/submit/:action, /suno/fetch, /suno/fetch/:id). */
export function mountSunoRoutes(mount: MountTask): void {
  mount('post', '/suno/submit/:action', (ctx, [action]) => sunoSubmit(ctx, action ?? ''));
  mount('post', '/suno/fetch', sunoFetch);
  mount('get', '/suno/fetch/:id', (ctx, [id]) => sunoFetchById(ctx, id ?? ''));
}
