import { USER_ENABLED } from '../../auth/roles.js';
import { localError, RelayError } from '../../relay/relay-error.js';
import { originChannel } from '../task-channel.js';
import type { TaskContext } from '../task-context.js';
import { taskCaller } from '../task-exchange.js';
import { channelBase } from '../task-upstream.js';
import type { VideoHttpRequest } from './video-adapter.js';
import { videoAdapterOf } from './video-adapters.js';
import { videoError } from './video-error.js';
import { resultUrl, upstreamTaskId, type VideoTaskRow } from './video-row.js';
import { ownVideoTask } from './video-rows.js';

const CONTENT_TIMEOUT_MS = 60_000;

/** Where the finished video's bytes come from: the provider itself with the channel's key (Sora), or the result URL. */
async function contentRequest(ctx: TaskContext, row: VideoTaskRow): Promise<VideoHttpRequest> {
  const adapter = videoAdapterOf(Number(row.platform));
  if (adapter?.contentRequest) {
    const channel = await originChannel(ctx.app, row.channel_id);
    if (typeof channel === 'string') throw localError(500, channel);
    return adapter.contentRequest({ base: channelBase(channel), key: channel.nextKey() }, upstreamTaskId(row));
  }
  const url = resultUrl(row);
  if (!/^https?:\/\//i.test(url)) throw localError(404, 'Video URL not found');
  return { url, method: 'GET', headers: {} };
}

/**
 * Who asks for a video (new-api TokenOrUserAuth): a signed-in console session (the console's own cookie, read by
 * its SessionStore; no New-Api-User header, so a <video> element can use it) of a user who is not banned, else
 * an API token. Status comes from the user cache, so a ban applies before the cookie expires.
 */
async function contentOwner(ctx: TaskContext): Promise<number> {
  const { app, ex } = ctx;
  const session = await app.sessions.read(ex.req.headers['cookie']);
  if (typeof session.id !== 'number' || !session.username) return (await taskCaller(app, ex)).user.id;
  const user = await app.users.get(session.id);
  if (!user) return (await taskCaller(app, ex)).user.id;
  if (user.status !== USER_ENABLED) throw localError(403, '用户已被封禁');
  return user.id;
}

/**
 * GET /v1/videos/:task_id/content (new-api VideoProxy): the caller's finished video, streamed from the
 * provider through the task relay's upstream client (the channel outbound policy) with backpressure.
 */
export async function videoContent(ctx: TaskContext, taskId: string): Promise<void> {
  const { ex } = ctx;
  const row = await ownVideoTask(ctx.app.sql, await contentOwner(ctx), taskId);
  if (!row) throw videoError(400, 'task_not_exist', 'task_not_exist');
  if (row.status !== 'SUCCESS') throw localError(400, `Task is not completed yet, current status: ${row.status}`);
  const req = await contentRequest(ctx, row);
  const call = ctx.upstream.send(Object.assign(req, { firstByteTimeoutMs: CONTENT_TIMEOUT_MS, idleTimeoutMs: CONTENT_TIMEOUT_MS }));
  ex.onAbort(() => call.abort(new Error('client gone')));
  const res = await call.response.catch((e: unknown) => {
    throw new RelayError(502, `Failed to fetch video: ${(e as Error).message}`, { code: 'bad_gateway' });
  });
  if (res.status !== 200) {
    res.body.destroy();
    throw new RelayError(502, `Upstream returned status ${res.status}`, { code: 'bad_gateway' });
  }
  const type = res.headers['content-type'];
  ex.writeHead(200, { 'Content-Type': (Array.isArray(type) ? type[0] : type) ?? 'video/mp4', 'Cache-Control': 'public, max-age=86400' });
  try {
    for await (const chunk of res.body) if (!ex.writeBytes(chunk)) await ex.drain();
  } catch {
    if (!ex.aborted) ex.end(); // the head is out: the cut is all the client can be told
    return;
  }
  ex.end();
}
