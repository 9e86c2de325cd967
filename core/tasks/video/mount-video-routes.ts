import type { MountTask } from '../mount-task-relay.js';
import { jimengNative } from './jimeng-native.js';
import { videoContent } from './video-content.js';
import { openAiVideoFetch, videoFetch } from './video-fetch.js';
import { videoRemix } from './video-remix.js';
import { videoSubmit } from './video-submit.js';

/** The video task routes (new-api router/video-router.go). */
export function mountVideoRoutes(mount: MountTask): void {
  mount('post', '/v1/video/generations', (ctx) => videoSubmit(ctx, 'unified'));
  mount('get', '/v1/video/generations/:task_id', (ctx, [id]) => videoFetch(ctx, id ?? ''));
  mount('post', '/v1/videos', (ctx) => videoSubmit(ctx, 'unified'));
  mount('get', '/v1/videos/:task_id', (ctx, [id]) => openAiVideoFetch(ctx, id ?? ''));
  mount('post', '/v1/videos/:video_id/remix', (ctx, [id]) => videoRemix(ctx, id ?? ''));
  mount('get', '/v1/videos/:task_id/content', (ctx, [id]) => videoContent(ctx, id ?? ''));
  for (const kind of ['text2video', 'image2video']) {
    mount('post', `/kling/v1/videos/${kind}`, (ctx) => videoSubmit(ctx, 'kling'));
    mount('get', `/kling/v1/videos/${kind}/:task_id`, (ctx, [id]) => videoFetch(ctx, id ?? ''));
  }
  // new-api's group matches both; uWS routes each path as written
  mount('post', '/jimeng/', jimengNative);
  mount('post', '/jimeng', jimengNative);
}
