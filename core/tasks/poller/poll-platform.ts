import type { ChannelActor } from '../../actors/channel-actor.js';
import type { AppServices } from '../../app-services.js';
import type { UpstreamClient } from '../../upstream/upstream-client.js';
import { TASK_KINDS, type TaskFields, type TaskKind } from '../task-kinds.js';
import { failTask } from '../task-refund.js';

/** How one platform's tasks are read, asked about and updated. */
export interface PollPlatform<Row extends { id: number; channel_id: number; submit_time: number }, Item> {
  kind: TaskKind;
  /** unfinished tasks, oldest first */
  load(app: AppServices, limit: number): Promise<Row[]>;
  upstreamId(row: Row): string;
  /** the id a refund's log names, when it is not the upstream's (a video task's public id) */
  logId?(row: Row): string;
  /** the task's submit time in the unit the row keeps, for the timeout */
  ageCutoff(nowMs: number, timeoutMinutes: number): number;
  /** asks one channel about some of its tasks (`rows`: the same tasks); null when it gave no usable answer */
  fetch(upstream: UpstreamClient, channel: ChannelActor, ids: string[], rows: Row[]): Promise<Item[] | null>;
  itemId(item: Item): string;
  update(row: Row, item: Item, nowMs: number): { update: TaskFields; failed: boolean } | null;
  /** finishes a task whose charge is settled again on success (a video's reported tokens); false: not this one, update it plainly */
  complete?(row: Row, item: Item, update: TaskFields, nowMs: number): Promise<boolean>;
}

/** Ids per upstream request. */
const BATCH = 100;

/**
 * One poll of one platform (new-api UpdateMidjourneyTaskBulk / updateSunoTasks): tasks past the timeout
 * and tasks without an upstream id fail; the rest are asked of their channel in batches; each answer
 * updates its task, and a failure refunds it (exactly once, see failTask).
 */
export async function pollPlatform<Row extends { id: number; channel_id: number; submit_time: number }, Item>(
  app: AppServices,
  upstream: UpstreamClient,
  p: PollPlatform<Row, Item>,
  opts: { limit: number; timeoutMinutes: number },
  nowMs = Date.now(),
): Promise<void> {
  const rows = await p.load(app, opts.limit);
  const shown = (row: Row) => p.logId?.(row) ?? p.upstreamId(row);
  const cutoff = opts.timeoutMinutes > 0 ? p.ageCutoff(nowMs, opts.timeoutMinutes) : -Infinity;
  const byChannel = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.submit_time > 0 && row.submit_time < cutoff) await failTask(app, p.kind, row.id, shown(row), { fail_reason: `任务超时（${opts.timeoutMinutes}分钟）` }, nowMs);
    else if (!p.upstreamId(row)) await failTask(app, p.kind, row.id, '', { fail_reason: 'task id is empty' }, nowMs);
    else if (byChannel.has(row.channel_id)) byChannel.get(row.channel_id)!.push(row);
    else byChannel.set(row.channel_id, [row]);
  }
  for (const [channelId, tasks] of byChannel) {
    const channel = await app.channels.loadOne(channelId);
    for (let i = 0; i < tasks.length; i += BATCH) {
      const batch = tasks.slice(i, i + BATCH);
      if (!channel) {
        for (const row of batch) await failTask(app, p.kind, row.id, shown(row), { fail_reason: `获取渠道信息失败，请联系管理员，渠道ID：${channelId}` }, nowMs);
        continue;
      }
      const items = await p.fetch(upstream, channel, batch.map(p.upstreamId), batch).catch((e: unknown) => {
        app.log.warn('task poll failed', { platform: p.kind, channel: channelId, error: String(e) });
        return null;
      });
      const byId = new Map(batch.map((r) => [p.upstreamId(r), r]));
      for (const item of items ?? []) {
        const row = byId.get(p.itemId(item));
        const change = row && p.update(row, item, nowMs);
        if (!row || !change) continue;
        if (change.failed) await failTask(app, p.kind, row.id, shown(row), change.update, nowMs);
        else if (!(p.complete && change.update.status === 'SUCCESS' && (await p.complete(row, item, change.update, nowMs)))) await updateUnfinished(app, p.kind, row.id, change.update);
      }
    }
  }
}

/** Progress of a task still running; a task another poll (or node) has finished meanwhile stays as it is. */
async function updateUnfinished(app: AppServices, kind: TaskKind, id: number, fields: TaskFields): Promise<void> {
  const { sql } = app;
  await sql`UPDATE ${sql(TASK_KINDS[kind].table)} SET ${sql(fields)} WHERE id = ${id} AND status NOT IN ('SUCCESS', 'FAILURE')`;
}
