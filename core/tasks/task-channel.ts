import type { ChannelActor } from '../actors/channel-actor.js';
import type { AppServices } from '../app-services.js';
import { localError } from '../relay/relay-error.js';

export interface TaskRoute {
  group: string;
  model: string;
  /** the only channel allowed: an admin pin, or the channel of the task this one builds on */
  only: ChannelActor | null;
}

/** Whether an answer may be tried on another channel (new-api shouldRetryTaskRelay; 400 never is). */
export const retryableStatus = (status: number): boolean =>
  status === 429 || status === 307 || (status >= 500 && status !== 504 && status !== 524);

/**
 * Sends on the route's channels in turn, up to RetryTimes more after the first, while the answer is
 * retryable or the call failed outright. Returns the last answer; throws the last failure when every
 * attempt failed, and new-api's 503 when no channel serves the model at all.
 */
export async function tryTaskChannels<T>(
  app: AppServices,
  route: TaskRoute,
  send: (ch: ChannelActor) => Promise<T>,
  retryable: (answer: T) => boolean,
): Promise<{ channel: ChannelActor; answer: T }> {
  const tried = new Set<number>();
  const retries = route.only ? 0 : Math.max(0, app.options.number('RetryTimes'));
  let last: { channel: ChannelActor; answer: T } | null = null;
  let failure: unknown = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    const channel = route.only ?? app.channels.select(route.group, route.model, tried);
    if (!channel) break;
    tried.add(channel.id);
    try {
      last = { channel, answer: await send(channel) };
      failure = null;
      if (!retryable(last.answer)) return last;
    } catch (e) {
      last = null;
      failure = e;
      app.log.warn('task upstream call failed', { channel: channel.id, error: String(e) });
    }
  }
  if (last) return last;
  if (failure) throw failure;
  throw localError(503, `当前分组 ${route.group} 下对于模型 ${route.model} 无可用渠道`, 'model_not_found');
}

/** The channel of an earlier task, if it still exists and is enabled; otherwise new-api's refusal text. */
export async function originChannel(app: AppServices, channelId: number): Promise<ChannelActor | string> {
  const ch = await app.channels.loadOne(channelId);
  if (!ch) return 'get_channel_info_failed';
  return ch.config.status === 1 ? ch : '该任务所属渠道已被禁用';
}
