import { z } from 'zod';
import type { ChannelTagEdit } from '../../../../core/contracts/channel';
import { parseTagPriority, parseTagWeight } from './channel-view';
import { isJsonObjectText } from './json-text';

/** As typed; every blank field but the new tag leaves its value as it is. */
export type TagEditValues = {
  new_tag: string;
  priority: string;
  weight: string;
  models: string;
  groups: string;
  model_mapping: string;
  param_override: string;
  header_override: string;
};

export const tagEditDefaults = (tag: string): TagEditValues => ({
  new_tag: tag,
  priority: '',
  weight: '',
  models: '',
  groups: '',
  model_mapping: '',
  param_override: '',
  header_override: '',
});

const blankOr = (check: (s: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || check(s), message);

const json = (message: string) => blankOr(isJsonObjectText, message);

/**
 * The tag edit body: the new tag always (empty dissolves the tag), other fields only when filled; nothing
 * changed at all is refused with 没有任何修改！.
 */
export function tagEditSchema(tag: string): z.ZodType<ChannelTagEdit, TagEditValues> {
  return z
    .object({
      new_tag: z.string().trim(),
      priority: blankOr((s) => parseTagPriority(s) !== null, 'channels.errors.tagPriority'),
      weight: blankOr((s) => parseTagWeight(s) !== null, 'channels.errors.tagWeight'),
      models: z.string().trim(),
      groups: z.string().trim(),
      model_mapping: json('channels.errors.modelMapping'),
      param_override: json('channels.errors.paramOverride'),
      header_override: json('channels.errors.headerOverride'),
    })
    .transform((v) => {
      const body: ChannelTagEdit = { tag };
      if (v.new_tag !== tag) body.new_tag = v.new_tag;
      if (v.priority) body.priority = parseTagPriority(v.priority);
      if (v.weight) body.weight = parseTagWeight(v.weight);
      for (const key of ['models', 'groups', 'model_mapping', 'param_override', 'header_override'] as const) if (v[key]) body[key] = v[key];
      return body;
    })
    .refine((body) => Object.keys(body).length > 1, { path: ['new_tag'], message: 'channels.errors.nothingChanged' });
}
