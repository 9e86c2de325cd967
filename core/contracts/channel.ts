import { z } from 'zod';
import { boundedText, GROUP_MAX, shortText, URL_MAX } from './bounded-text.js';

/** 0 unknown, 1 enabled, 2 disabled by hand, 3 disabled automatically (reason and time in other_info). */
export const CHANNEL_STATUS = { unknown: 0, enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;

/** How a multi-key channel picks its key: at random among enabled keys, or round-robin from a saved index. */
export const MULTI_KEY_MODES = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof MULTI_KEY_MODES)[number];

/**
 * Bounds the console and the server share. Priority: the list's minimum (seeds) to the old server bound;
 * weight: non-negative (new-api's uint); a batch: a page of the console and then some, so 1 000 ids in one
 * request are refused rather than held in one transaction.
 */
export const CHANNEL_PRIORITY_MIN = -999;
export const CHANNEL_PRIORITY_MAX = 1_000_000;
export const CHANNEL_WEIGHT_MAX = 1_000_000;
export const CHANNEL_BATCH_MAX = 500;
export const MODEL_NAME_MAX = 255;
export const CHANNEL_REMARK_MAX = 255;

/**
 * channel_info as stored (new-api's ChannelInfo; Go writes map keys as strings). Read tolerantly: rows written
 * before the column existed hold null, and a database shared with new-api may carry fields we do not use.
 */
export const channelInfoSchema = z
  .object({
    is_multi_key: z.boolean().catch(false),
    multi_key_size: z.number().int().catch(0),
    multi_key_status_list: z.record(z.string(), z.number().int()).nullable().catch(null),
    multi_key_disabled_reason: z.record(z.string(), z.string()).optional().catch(undefined),
    multi_key_disabled_time: z.record(z.string(), z.number()).optional().catch(undefined),
    multi_key_polling_index: z.number().int().catch(0),
    multi_key_mode: z.string().catch(''),
  })
  .loose();
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

/** A channel as the console API returns it (the key is "" except where a route reveals it). */
export const channelSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  key: z.string(),
  openai_organization: z.string().nullable(),
  test_model: z.string().nullable(),
  status: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  created_time: z.number(),
  test_time: z.number(),
  response_time: z.number(),
  base_url: z.string().nullable(),
  other: z.string(),
  balance: z.number(),
  balance_updated_time: z.number(),
  models: z.string(),
  group: z.string(),
  used_quota: z.number(),
  model_mapping: z.string().nullable(),
  status_code_mapping: z.string().nullable(),
  priority: z.number().nullable(),
  auto_ban: z.number().nullable(),
  other_info: z.string(),
  tag: z.string().nullable(),
  setting: z.string().nullable(),
  param_override: z.string().nullable(),
  header_override: z.string().nullable(),
  remark: z.string().nullable(),
  settings: z.string(),
  channel_info: channelInfoSchema,
});
export type Channel = z.infer<typeof channelSchema>;

// Keys (one per line, a Vertex service-account JSON or a JSON array of them), model lists and JSON settings:
// bounded in practice by the body cap.
const bigText = boundedText(1_000_000);
/** Go decodes null into an optional field as "not sent"; so do these. */
const opt = <T extends z.ZodType>(s: T) => s.nullable().optional();

/** The channel fields a client may write (create and update); unknown fields are ignored, as Go does. */
export const channelFieldsSchema = z.object({
  type: opt(z.number().int().min(0).max(1000)),
  key: opt(bigText),
  openai_organization: opt(shortText),
  test_model: opt(shortText),
  status: opt(z.number().int().min(0).max(3)),
  name: opt(shortText),
  weight: opt(z.number()),
  base_url: opt(boundedText(URL_MAX)),
  other: opt(boundedText(100_000)),
  models: opt(bigText),
  group: opt(boundedText(64 * GROUP_MAX)),
  groups: opt(z.array(boundedText(GROUP_MAX)).max(64)),
  model_mapping: opt(bigText),
  status_code_mapping: opt(boundedText(1024)),
  priority: opt(z.number()),
  auto_ban: opt(z.number().int().min(0).max(1)),
  tag: opt(shortText),
  setting: opt(bigText),
  param_override: opt(bigText),
  header_override: opt(bigText),
  settings: opt(bigText),
  remark: opt(boundedText(CHANNEL_REMARK_MAX)),
});
export type ChannelFields = z.infer<typeof channelFieldsSchema>;

/**
 * `POST /api/channel/` as new-api's console sends it since mid-2025: `single` (the key as it is), `batch`
 * (a channel per key line) or `multi_to_single` (one channel holding every key). A bare channel body — the
 * older console — is a batch.
 */
export const channelCreateSchema = z.object({
  mode: opt(shortText),
  multi_key_mode: opt(shortText),
  batch_add_set_key_prefix_2_name: opt(z.boolean()),
  channel: channelFieldsSchema,
});
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

/** `PUT /api/channel/`: only fields sent change; `key_mode` append adds keys to a multi-key channel. */
export const channelUpdateSchema = channelFieldsSchema.extend({
  id: z.number().int(),
  multi_key_mode: opt(shortText),
  key_mode: opt(shortText),
});
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

/** `PUT /api/channel/tag`: blank strings and absent fields leave a value as it is; new_tag "" dissolves the tag. */
export const channelTagEditSchema = z.object({
  tag: opt(shortText),
  new_tag: opt(shortText),
  priority: opt(z.number()),
  weight: opt(z.number()),
  model_mapping: opt(bigText),
  models: opt(bigText),
  groups: opt(boundedText(64 * GROUP_MAX)),
  param_override: opt(bigText),
  header_override: opt(bigText),
});
export type ChannelTagEdit = z.infer<typeof channelTagEditSchema>;

/** `POST /api/channel/tag/enabled|disabled`. */
export const channelTagSchema = z.object({ tag: opt(shortText) });

/** `POST /api/channel/batch` and `/batch/tag` (tag null or "" clears it). */
export const channelBatchSchema = z.object({ ids: opt(z.array(z.number().int())), tag: opt(shortText) });
export type ChannelBatch = z.infer<typeof channelBatchSchema>;

/** `POST /api/channel/fetch_models`: the form's values before the channel exists. */
export const fetchModelsSchema = z.object({ base_url: opt(boundedText(URL_MAX)), type: opt(z.number().int()), key: opt(bigText) });

/** `POST /api/channel/multi_key/manage`. */
export const MULTI_KEY_ACTIONS = ['get_key_status', 'disable_key', 'enable_key', 'enable_all_keys', 'disable_all_keys', 'delete_key', 'delete_disabled_keys'] as const;
export const multiKeyManageSchema = z.object({
  channel_id: z.number().int(),
  action: shortText,
  key_index: opt(z.number().int()),
  page: opt(z.number().int()),
  page_size: opt(z.number().int()),
  status: opt(z.number().int()),
});
export type MultiKeyManage = z.infer<typeof multiKeyManageSchema>;

/** One key of a multi-key channel as get_key_status lists it: never the key, only its first 10 characters. */
export const keyStatusSchema = z.object({
  index: z.number().int(),
  status: z.number().int(),
  disabled_time: z.number().optional(),
  reason: z.string().optional(),
  key_preview: z.string(),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

/** `POST /api/channel/:id/key` (root): the caller's password stands in for new-api's 2FA re-verification. */
export const channelKeyRevealSchema = z.object({ password: opt(shortText) });

/** Model or group names of a comma list, trimmed, blanks dropped (order kept, duplicates kept). */
export const splitNames = (list: string | null | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A page of a multi-key channel's keys with the counts per state (POST /api/channel/multi_key/manage, get_key_status). */
export interface KeyStatusPage {
  keys: KeyStatus[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}
