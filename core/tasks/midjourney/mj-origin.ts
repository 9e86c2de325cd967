import type { ChannelActor } from '../../actors/channel-actor.js';
import type { AppServices } from '../../app-services.js';
import { originChannel } from '../task-channel.js';
import type { MjIntent } from './mj-action.js';
import { MJ_REQUEST_ERROR, mjError } from './mj-error.js';
import { ownMjTask } from './mj-rows.js';

/**
 * The earlier task a change (upscale, variation, modal…) builds on: it must be the caller's, finished
 * (while MjActionCheckSuccessEnabled; a modal may follow an unfinished one), and its channel enabled,
 * because only the account that drew it can act on its buttons. Its prompt is recorded on the new task.
 */
export async function mjOrigin(app: AppServices, userId: number, intent: MjIntent): Promise<{ prompt: string; channel: ChannelActor } | null> {
  if (!intent.taskId) return null;
  const origin = await ownMjTask(app.sql, userId, intent.taskId);
  if (!origin) throw mjError(MJ_REQUEST_ERROR, 'task_not_found');
  if (app.options.bool('MjActionCheckSuccessEnabled') && origin.status !== 'SUCCESS' && intent.action !== 'MODAL') {
    throw mjError(MJ_REQUEST_ERROR, 'task_status_not_success');
  }
  const channel = await originChannel(app, origin.channel_id);
  if (typeof channel === 'string') throw mjError(MJ_REQUEST_ERROR, channel);
  return { prompt: origin.prompt, channel };
}
