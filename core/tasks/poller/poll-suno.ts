import { z } from 'zod';
import type { TaskRow } from '../suno/suno-task-view.js';
import { callTaskUpstream, channelBase, parseAnswer } from '../task-upstream.js';
import type { PollPlatform } from './poll-platform.js';
import { sunoPollUpdate, sunoUpstreamTask, type SunoUpstreamTask } from './suno-poll-update.js';

const POLL_TIMEOUT_MS = 15_000;
const answer = z.object({
  code: z.literal('success'),
  data: z.array(z.unknown()).transform((items) => items.flatMap((i) => {
    const t = sunoUpstreamTask.safeParse(i);
    return t.success ? [t.data] : [];
  })),
});

/** Suno tasks: asked of their channel with `POST /suno/fetch {ids}`; times in seconds. */
export const sunoPlatform: PollPlatform<TaskRow, SunoUpstreamTask> = {
  kind: 'suno',
  load: (app, limit) =>
    app.sql<TaskRow[]>`SELECT * FROM tasks WHERE platform = 'suno' AND status NOT IN ('SUCCESS', 'FAILURE') ORDER BY id LIMIT ${limit}`,
  upstreamId: (row) => row.task_id,
  ageCutoff: (nowMs, minutes) => Math.floor(nowMs / 1000) - minutes * 60,
  async fetch(upstream, channel, ids) {
    const res = await callTaskUpstream(upstream, {
      url: `${channelBase(channel)}/suno/fetch`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.nextKey()}` },
      body: JSON.stringify({ ids }),
      timeoutMs: POLL_TIMEOUT_MS,
    });
    const items = answer.safeParse(parseAnswer(res.body));
    return res.status === 200 && items.success ? items.data.data : null;
  },
  itemId: (item) => item.task_id,
  update(row, item, nowMs) {
    const change = sunoPollUpdate(row, item);
    return change && { ...change, update: { ...change.update, updated_at: Math.floor(nowMs / 1000) } };
  },
};
