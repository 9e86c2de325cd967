import { z } from 'zod';
import type { MidjourneyRow } from '../midjourney/mj-task-view.js';
import { callTaskUpstream, channelBase, parseAnswer } from '../task-upstream.js';
import { mjPollUpdate, mjUpstreamTask, type MjUpstreamTask } from './mj-poll-update.js';
import type { PollPlatform } from './poll-platform.js';

const POLL_TIMEOUT_MS = 15_000;
// One unreadable task must not hide the others of the batch.
const answer = z.array(z.unknown()).transform((items) => items.flatMap((i) => {
  const t = mjUpstreamTask.safeParse(i);
  return t.success ? [t.data] : [];
}));

/** Midjourney tasks: asked of their channel with `POST /mj/task/list-by-condition {ids}`; times in ms. */
export const midjourneyPlatform: PollPlatform<MidjourneyRow, MjUpstreamTask> = {
  kind: 'mj',
  load: (app, limit) => app.sql<MidjourneyRow[]>`SELECT * FROM midjourneys WHERE status NOT IN ('SUCCESS', 'FAILURE') ORDER BY id LIMIT ${limit}`,
  upstreamId: (row) => row.mj_id,
  ageCutoff: (nowMs, minutes) => nowMs - minutes * 60_000,
  async fetch(upstream, channel, ids) {
    const res = await callTaskUpstream(upstream, {
      url: `${channelBase(channel)}/mj/task/list-by-condition`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': channel.nextKey() },
      body: JSON.stringify({ ids }),
      timeoutMs: POLL_TIMEOUT_MS,
    });
    const items = answer.safeParse(parseAnswer(res.body));
    return res.status === 200 && items.success ? items.data : null;
  },
  itemId: (item) => item.id,
  update: (row, item) => mjPollUpdate(row, item),
};
