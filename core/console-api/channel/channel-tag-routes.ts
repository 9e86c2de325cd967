import { z } from 'zod';
import { CHANNEL_STATUS, channelTagEditSchema, channelTagSchema, splitNames } from '../../contracts/channel.js';
import { modelsOfTag, updateChannelsByIds, updateChannelsByTag, type ChannelPatch } from '../../db/repositories/channels.js';
import { parseBody, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { groupProblem, jsonFieldsProblem, modelsProblem, priorityProblem, weightProblem } from './channel-rules.js';
import { batchIds } from './channel-write-routes.js';
import { channelsChanged } from './channels-changed.js';

/** POST /api/channel/batch/tag {ids, tag} — sets the tag (null or "" clears it); data = len(ids). */
async function batchSetTag(c: ApiContext): Promise<ApiResult> {
  const { ids, tag } = batchIds(c);
  await updateChannelsByIds(c.app.sql, ids, { tag: tag?.trim() ? tag : null });
  await channelsChanged(c.app);
  return ok(ids.length);
}

/**
 * PUT /api/channel/tag — edits every channel of a tag. Absent, null and blank values leave a field as it is,
 * except new_tag, where "" dissolves the tag, and the overrides, which new-api writes as sent (trimmed).
 */
async function editTag(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, channelTagEditSchema, '参数错误');
  const tag = input.tag ?? '';
  if (tag === '') return fail('tag不能为空');
  const models = splitNames(input.models).join(',');
  const problem =
    jsonFieldsProblem(input) ?? modelsProblem(input.models) ?? groupProblem(input.groups) ?? priorityProblem(input.priority) ?? weightProblem(input.weight);
  if (problem) return fail(problem);

  const patch: ChannelPatch = {};
  if (typeof input.new_tag === 'string' && input.new_tag !== tag) patch.tag = input.new_tag.trim() ? input.new_tag : null;
  if (input.model_mapping?.trim()) patch.model_mapping = input.model_mapping;
  if (models) patch.models = models;
  if (input.groups?.trim()) patch.group = input.groups;
  if (input.priority !== undefined && input.priority !== null) patch.priority = input.priority;
  if (input.weight !== undefined && input.weight !== null) patch.weight = input.weight;
  if (typeof input.param_override === 'string') patch.param_override = input.param_override.trim();
  if (typeof input.header_override === 'string') patch.header_override = input.header_override.trim();
  await updateChannelsByTag(c.app.sql, tag, patch);
  await channelsChanged(c.app);
  return ok();
}

/** POST /api/channel/tag/enabled and /tag/disabled {tag} — every channel of the tag enabled (1) or disabled by hand (2). */
const setTagStatus = (status: number) => async (c: ApiContext): Promise<ApiResult> => {
  const { tag } = parseBody(c, channelTagSchema, '参数错误');
  if (!tag) return fail('参数错误');
  await updateChannelsByTag(c.app.sql, tag, { status });
  await channelsChanged(c.app);
  return ok();
};

const tagQuery = z.object({ tag: textParam });

/** GET /api/channel/tag/models?tag= — the longest model list among the tag's channels ("" when none). */
async function tagModels(c: ApiContext): Promise<ApiResult> {
  const { tag } = readQuery(c, tagQuery);
  if (!tag) return fail('tag不能为空', 400);
  let longest = '';
  let count = 0;
  for (const models of await modelsOfTag(c.app.sql, tag)) {
    const n = models === '' ? 0 : models.split(',').length;
    if (n > count) [longest, count] = [models, n];
  }
  return ok(longest);
}

export const channelTagHandlers = {
  batchSetTag,
  editTag,
  enableTag: setTagStatus(CHANNEL_STATUS.enabled),
  disableTag: setTagStatus(CHANNEL_STATUS.manuallyDisabled),
  tagModels,
};
