import type { Channel, ChannelUpdate } from '../../contracts/channel.js';
import { keysOf, resizeInfo } from '../../db/repositories/channel-info.js';
import type { ChannelPatch } from '../../db/repositories/channels.js';
import { ApiError } from '../envelope.js';
import { multiKeyMode } from './channel-input.js';
import { channelKeysProblem, splitKeys } from './channel-keys.js';
import { regionProblem } from './channel-rules.js';

// new-api's pointer fields: whatever is sent, "" and 0 included, is written.
const SETTABLE = [
  'openai_organization', 'test_model', 'base_url', 'other', 'model_mapping', 'status_code_mapping', 'setting',
  'param_override', 'header_override', 'settings', 'remark', 'weight', 'priority', 'auto_ban',
] as const;
// Its plain fields: blank means "not sent".
const UNLESS_BLANK = ['name', 'models', 'group'] as const;

/**
 * What PUT /api/channel/ changes on the stored channel, new-api's way: fields not sent (or null, as Go decodes
 * it) stay; an empty key keeps the key and status 0 keeps the status; channel_info is the server's own. On a
 * multi-key channel a new key list replaces the keys, or is added to them without repeats with key_mode
 * append, and the per-key state is cut to the new length. Throws the first problem as an ApiError.
 */
export function channelUpdatePatch(current: Channel, input: ChannelUpdate): ChannelPatch {
  const patch: ChannelPatch = {};
  if (input.type) patch.type = input.type;
  if (input.status) patch.status = input.status;
  for (const col of SETTABLE) {
    const v = input[col];
    if (v !== undefined && v !== null) (patch as Record<string, unknown>)[col] = v;
  }
  for (const col of UNLESS_BLANK) {
    const v = input[col];
    if (v && v.trim() !== '') patch[col] = v;
  }
  if (typeof input.tag === 'string') patch.tag = input.tag.trim() ? input.tag : null;

  const type = patch.type ?? current.type;
  if (input.type || typeof input.other === 'string') {
    const problem = regionProblem(type, patch.other ?? current.other);
    if (problem) throw new ApiError(problem);
  }

  let info = current.channel_info;
  const mode = multiKeyMode(input.multi_key_mode);
  if (mode && info.is_multi_key) info = { ...info, multi_key_mode: mode };
  if (input.key && input.key.trim() !== '') {
    const settings = patch.settings ?? current.settings;
    const sent = splitKeys(type, input.key, settings);
    const problem = channelKeysProblem(type, sent, settings);
    if (problem) throw new ApiError(problem);
    if (info.is_multi_key) {
      const stored = keysOf(current.key);
      const keys = input.key_mode === 'append' ? [...stored, ...new Set(sent.filter((k) => !stored.includes(k)))] : sent;
      patch.key = keys.join('\n');
      info = resizeInfo(info, keys.length);
    } else {
      patch.key = input.key.trim();
    }
  }
  if (info !== current.channel_info) patch.channel_info = info;
  return patch;
}
