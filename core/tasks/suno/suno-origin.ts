import type { ChannelActor } from '../../actors/channel-actor.js';
import type { AppServices } from '../../app-services.js';
import { originChannel } from '../task-channel.js';
import { sunoError } from './suno-error.js';
import { ownTask } from './suno-rows.js';

/** A continuation runs on the channel of the caller's task it continues (new-api ResolveOriginTask). */
export async function sunoOrigin(app: AppServices, userId: number, taskId: string | null): Promise<ChannelActor | null> {
  if (taskId === null) return null;
  const origin = await ownTask(app.sql, userId, taskId);
  if (!origin) throw sunoError(400, 'task_not_exist', 'task_origin_not_exist');
  const channel = await originChannel(app, origin.channel_id);
  if (typeof channel === 'string') throw sunoError(400, 'task_channel_disable', 'the channel of the origin task is disabled');
  return channel;
}
