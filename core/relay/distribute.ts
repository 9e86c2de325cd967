import type { MaybePromise } from '../async/when-ready.js';
import type { ChannelActor } from '../actors/channel-actor.js';
import type { ChannelTypeFilter } from '../actors/select-channel.js';
import type { AppServices } from '../app-services.js';
import type { Caller } from './authenticate-token.js';
import { localError } from './relay-error.js';
import { usableGroups } from './usable-groups.js';

const NO_EXCLUSIONS: ReadonlySet<number> = new Set();

export interface Route {
  group: string;
  /** the admin-pinned channel, which bypasses model limits and retries */
  pinned: ChannelActor | null;
}

/**
 * IP allow-list, group and model-limit checks (spec relay.md §2.2 checks 11–17), before any cost.
 * `clientIp` is resolved only for tokens with an IP allow-list. `serves` limits the channels that count to the
 * types that can take the request kind (media), so a model served only by other types has no channel here.
 */
export function distribute(app: Pick<AppServices, 'options' | 'channels'>, caller: Caller, model: string, clientIp: () => string, serves?: ChannelTypeFilter): MaybePromise<Route> {
  const { token, user } = caller;
  if (token.allowIps && !token.allowIps.has(clientIp())) throw localError(403, '您的 IP 不在令牌允许访问的列表中');

  let group = user.group;
  if (token.group) {
    const usable = usableGroups(app.options.json<Record<string, string>>('UserUsableGroups'), user.group);
    if (!Object.hasOwn(usable, token.group)) throw localError(403, `令牌分组 ${token.group} 已被禁用`);
    if (!Object.hasOwn(app.options.json<Record<string, number>>('GroupRatio'), token.group)) throw localError(403, `分组 ${token.group} 已被弃用`);
    group = token.group;
  }

  if (caller.channelPin !== null) {
    const id = Number(caller.channelPin);
    const pinned = Number.isSafeInteger(id) && id > 0 ? app.channels.loadOne(id) : Promise.resolve(null);
    return pinned.then((channel) => {
      if (!channel) throw localError(400, '无效的渠道 Id');
      if (channel.config.status !== 1) throw localError(403, '该渠道已被禁用');
      return { group, pinned: channel };
    });
  }
  if (token.modelLimits && !token.modelLimits.has(model)) throw localError(403, `该令牌无权访问模型 ${model}`);
  // Refuse before reserving quota when nothing serves the model in this group.
  if (!app.channels.select(group, model, NO_EXCLUSIONS, Date.now(), serves)) throw localError(503, `当前分组 ${group} 下对于模型 ${model} 无可用渠道`, 'model_not_found');
  return { group, pinned: null };
}
