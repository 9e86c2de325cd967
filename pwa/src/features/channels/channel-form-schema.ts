import { z } from 'zod';
import { splitNames, type Channel, type ChannelCreate, type ChannelFields, type MultiKeyMode } from '../../../../core/contracts/channel';
import { isJsonObjectText } from './json-text';

/** Spark (18) without a version in `other` gets v2.1, as new-api's console does. */
const SPARK_TYPE = 18;
const SPARK_DEFAULT_VERSION = 'v2.1';

/** How the key field is read on create: as one key, a channel per line, or one channel with every line. */
export type KeyMode = 'single' | 'batch' | 'multi_to_single';

/** The form as typed: numbers stay strings until submit, models and groups are lists. */
export type ChannelFormValues = {
  type: string;
  name: string;
  key: string;
  key_mode: KeyMode;
  multi_key_mode: MultiKeyMode;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  param_override: string;
  header_override: string;
  setting: string;
  auto_ban: boolean;
  test_model: string;
  priority: string;
  weight: string;
  tag: string;
  remark: string;
};

export const defaultChannelForm = (): ChannelFormValues => ({
  type: '1',
  name: '',
  key: '',
  key_mode: 'single',
  multi_key_mode: 'random',
  base_url: '',
  other: '',
  openai_organization: '',
  models: [],
  groups: ['default'],
  model_mapping: '',
  status_code_mapping: '',
  param_override: '',
  header_override: '',
  setting: '',
  auto_ban: true,
  test_model: '',
  priority: '0',
  weight: '0',
  tag: '',
  remark: '',
});

/** An existing channel in the form; the key is never sent back, so it stays blank (blank keeps it). */
export const channelToForm = (c: Channel): ChannelFormValues => ({
  ...defaultChannelForm(),
  type: String(c.type),
  name: c.name,
  multi_key_mode: c.channel_info.multi_key_mode === 'polling' ? 'polling' : 'random',
  base_url: c.base_url ?? '',
  other: c.other,
  openai_organization: c.openai_organization ?? '',
  models: splitNames(c.models),
  groups: splitNames(c.group),
  model_mapping: c.model_mapping ?? '',
  status_code_mapping: c.status_code_mapping ?? '',
  param_override: c.param_override ?? '',
  header_override: c.header_override ?? '',
  setting: c.setting ?? '',
  auto_ban: c.auto_ban !== 0,
  test_model: c.test_model ?? '',
  priority: String(c.priority ?? 0),
  weight: String(c.weight),
  tag: c.tag ?? '',
  remark: c.remark ?? '',
});

/** A trailing slash on the base URL is dropped before submit. */
export const stripTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** A base URL ending in /v1 is usually a mistake (the gateway adds the path): the form asks first. */
export const endsWithV1 = (url: string) => /\/v1$/.test(stripTrailingSlash(url));

/** Integers as new-api's console parses them (parseInt): leading digits count, anything else is 0. */
const integer = (text: string) => {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? n : 0;
};

const jsonField = (message: string) => z.string().trim().refine(isJsonObjectText, message);

export type ChannelSubmit = { fields: ChannelFields; key_mode: KeyMode; multi_key_mode: MultiKeyMode };

/**
 * The seeds' channel form rules: name and key required on create (one message for both), at least one
 * model, JSON fields valid objects. Output: the channel fields to send (the key only when typed).
 */
export function channelFormSchema(creating: boolean): z.ZodType<ChannelSubmit, ChannelFormValues> {
  return z
    .object({
      type: z.string(),
      name: z.string().trim(),
      key: z.string(),
      key_mode: z.enum(['single', 'batch', 'multi_to_single']),
      multi_key_mode: z.enum(['random', 'polling']),
      base_url: z.string(),
      other: z.string().trim(),
      openai_organization: z.string().trim(),
      models: z.array(z.string()).min(1, 'channels.errors.modelsRequired'),
      groups: z.array(z.string()),
      model_mapping: jsonField('channels.errors.modelMapping'),
      status_code_mapping: jsonField('channels.errors.statusCodeMapping'),
      param_override: jsonField('channels.errors.paramOverride'),
      header_override: jsonField('channels.errors.headerOverride'),
      setting: jsonField('channels.errors.setting'),
      auto_ban: z.boolean(),
      test_model: z.string().trim(),
      priority: z.string(),
      weight: z.string(),
      tag: z.string().trim(),
      remark: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (!creating) return void (v.name || ctx.addIssue({ code: 'custom', path: ['name'], message: 'channels.errors.nameRequired' }));
      if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'channels.errors.nameKeyRequired' });
      if (!v.key.trim()) ctx.addIssue({ code: 'custom', path: ['key'], message: 'channels.errors.nameKeyRequired' });
    })
    .transform((v) => {
      const type = Number(v.type);
      const fields: ChannelFields = {
        type,
        name: v.name,
        base_url: stripTrailingSlash(v.base_url),
        other: type === SPARK_TYPE && !v.other ? SPARK_DEFAULT_VERSION : v.other,
        openai_organization: v.openai_organization,
        models: v.models.join(','),
        group: v.groups.join(','),
        model_mapping: v.model_mapping,
        status_code_mapping: v.status_code_mapping,
        param_override: v.param_override,
        header_override: v.header_override,
        setting: v.setting,
        auto_ban: v.auto_ban ? 1 : 0,
        test_model: v.test_model,
        priority: integer(v.priority),
        weight: Math.max(0, integer(v.weight)),
        tag: v.tag,
        remark: v.remark,
      };
      if (v.key.trim()) fields.key = v.key.trim();
      return { fields, key_mode: v.key_mode, multi_key_mode: v.multi_key_mode };
    });
}

/** The create request: one key, a channel per line, or one multi-key channel. */
export const toCreateBody = (s: ChannelSubmit): ChannelCreate => ({ mode: s.key_mode, multi_key_mode: s.multi_key_mode, channel: s.fields });

/** Names typed in the custom box (comma separated, blanks dropped), or null when one is already chosen. */
export function addCustomModels(current: string[], typed: string): string[] | null {
  const names = splitNames(typed);
  if (names.some((n) => current.includes(n)) || new Set(names).size !== names.length) return null;
  return [...current, ...names];
}
