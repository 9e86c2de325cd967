import { z } from 'zod';
import { channelCreateSchema, channelFieldsSchema, MULTI_KEY_MODES, type ChannelFields, type MultiKeyMode } from '../../contracts/channel.js';
import { parseBody, parseInput, type ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';

/** The writable channel fields of a body (exported for the input-bound tests). */
export const channelInput = channelFieldsSchema;

/** How a create request turns its key into channels (new-api's AddChannelRequest.mode). */
export type CreateMode = 'single' | 'batch' | 'multi_to_single';

export interface CreateRequest {
  mode: CreateMode;
  multiKeyMode: MultiKeyMode;
  keyPrefixInName: boolean;
  fields: ChannelFields;
}

/**
 * `POST /api/channel/`: the mid-2025 console wraps the channel as {mode, multi_key_mode, channel}; the older
 * console (and scripts) send the channel itself, which new-api then split per key line — a batch.
 */
export function readCreateRequest(c: ApiContext): CreateRequest {
  const raw = parseBody(c, z.unknown());
  const wrapped = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && 'channel' in raw;
  if (!wrapped) return { mode: 'batch', multiKeyMode: 'random', keyPrefixInName: false, fields: normalise(parseInput(channelFieldsSchema, raw)) };
  const req = parseInput(channelCreateSchema, raw);
  const mode = req.mode || 'single';
  if (mode !== 'single' && mode !== 'batch' && mode !== 'multi_to_single') throw new ApiError('不支持的添加模式');
  return { mode, multiKeyMode: multiKeyMode(req.multi_key_mode) ?? 'random', keyPrefixInName: req.batch_add_set_key_prefix_2_name === true, fields: normalise(req.channel) };
}

/** A multi-key mode as sent: blank is "not given", anything but random/polling is refused. */
export function multiKeyMode(v: string | null | undefined): MultiKeyMode | undefined {
  if (!v) return undefined;
  const mode = MULTI_KEY_MODES.find((m) => m === v);
  if (!mode) throw new ApiError('不支持的多密钥模式');
  return mode;
}

/**
 * What the console leaves to the server: `groups` becomes `group` when no group was sent, the base URL loses
 * its trailing slashes, model names their surrounding spaces.
 */
export function normalise<T extends ChannelFields>(input: T): T {
  const out = { ...input };
  if (input.groups && (input.group === undefined || input.group === null)) out.group = input.groups.join(',');
  if (typeof out.base_url === 'string') out.base_url = out.base_url.trim().replace(/\/+$/, '');
  if (typeof out.models === 'string') {
    out.models = out.models
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m !== '')
      .join(',');
  }
  return out;
}
