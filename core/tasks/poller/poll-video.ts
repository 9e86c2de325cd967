import type { AppServices } from '../../app-services.js';
import { serverAddress } from '../../options/server-address.js';
import { callTaskUpstream, channelBase } from '../task-upstream.js';
import type { VideoPollResult } from '../video/video-adapter.js';
import { VIDEO_PLATFORMS, videoAdapterOf } from '../video/video-adapters.js';
import { videoPollUpdate } from '../video/video-poll-update.js';
import { finishRebilled, videoRebill } from '../video/video-rebill.js';
import { readProperties, upstreamTaskId, type VideoTaskRow } from '../video/video-row.js';
import type { PollPlatform } from './poll-platform.js';

const POLL_TIMEOUT_MS = 15_000;

interface VideoPollItem {
  upstreamId: string;
  result: VideoPollResult;
  answer: string;
}

/**
 * Video tasks (platform = their channel type): each asked of its channel with its adapter's poll
 * request, one at a time (new-api polls video tasks singly); times in seconds. A task whose answer the
 * adapter cannot read is left as it is until the next round or the timeout.
 */
export function videoPlatform(app: AppServices): PollPlatform<VideoTaskRow, VideoPollItem> {
  return {
    kind: 'video',
    load: (a, limit) =>
      a.sql<VideoTaskRow[]>`SELECT * FROM tasks WHERE platform IN ${a.sql(VIDEO_PLATFORMS)} AND status NOT IN ('SUCCESS', 'FAILURE') ORDER BY id LIMIT ${limit}`,
    upstreamId: upstreamTaskId,
    logId: (row) => row.task_id,
    ageCutoff: (nowMs, minutes) => Math.floor(nowMs / 1000) - minutes * 60,
    async fetch(upstream, channel, _ids, rows) {
      const items: VideoPollItem[] = [];
      for (const row of rows) {
        const adapter = videoAdapterOf(Number(row.platform));
        if (!adapter) continue;
        const upstreamId = upstreamTaskId(row);
        try {
          const facts = { action: row.action, upstreamModel: readProperties(row.properties).upstream_model_name ?? '' };
          const req = await adapter.pollRequest({ base: channelBase(channel), key: channel.nextKey() }, upstreamId, facts, Date.now());
          const res = await callTaskUpstream(upstream, Object.assign(req, { timeoutMs: POLL_TIMEOUT_MS }));
          const answer = res.body.toString('utf8');
          const result = adapter.parsePoll(answer);
          if (result) items.push({ upstreamId, result, answer });
        } catch (e) {
          app.log.warn('video task poll failed', { task: row.task_id, channel: channel.id, error: String(e) });
        }
      }
      return items;
    },
    itemId: (item) => item.upstreamId,
    update(row, item, nowMs) {
      // new-api BuildProxyURL: a video the provider serves itself is fetched through this gateway
      return videoPollUpdate(row, item.result, item.answer, Math.floor(nowMs / 1000), `${serverAddress(app)}/v1/videos/${row.task_id}/content`);
    },
    async complete(row, item, update, nowMs) {
      // a ratio-priced task whose provider reported its tokens is settled again, once, as it finishes
      const rebill = videoRebill(row, item.result);
      if (!rebill || rebill.delta === 0) return false;
      // finished meanwhile by another poll: settled there, nothing more to do here
      await finishRebilled(app, row, update, rebill, nowMs);
      return true;
    },
  };
}
