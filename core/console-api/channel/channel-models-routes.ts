import { fetchModelsSchema } from '../../contracts/channel.js';
import { keysOf } from '../../db/repositories/channel-info.js';
import { enabledModels, getChannel } from '../../db/repositories/channels.js';
import { providerOf } from '../../providers/registry.js';
import { adminUrlPolicy, sharedOutboundDispatcher } from '../../upstream/outbound-policy.js';
import { paramInt, parseBody, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { CHANNEL_TYPE_MODELS } from '../pricing/channel-type-models.js';
import { fetchUpstreamModels, ModelListError } from './upstream-models.js';

/** Model lists come from the channel's host, the operator's choice: it may sit on a private network. */
const channelHosts = (c: ApiContext) => sharedOutboundDispatcher(adminUrlPolicy(c.app.env));

/** GET /api/channel/fetch_models/:id — the provider's model ids for the channel's first key. */
async function fetchForChannel(c: ApiContext): Promise<ApiResult> {
  const channel = await getChannel(c.app.sql, paramInt(c));
  if (!channel) return fail('渠道不存在');
  try {
    return ok(await fetchUpstreamModels(channel.type, channel.base_url ?? '', keysOf(channel.key)[0] ?? '', channelHosts(c)));
  } catch (e) {
    if (e instanceof ModelListError) return fail(e.message);
    throw e;
  }
}

/**
 * POST /api/channel/fetch_models {base_url, type, key} — for a channel not yet saved, with the first key line.
 * new-api answers its failures with HTTP 400 Invalid request and HTTP 500, and success without a message.
 */
async function fetchForForm(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, fetchModelsSchema, 'Invalid request', 400);
  const key = (input.key ?? '').trim().split('\n')[0]!.trim();
  try {
    return { body: { success: true, data: await fetchUpstreamModels(input.type ?? 0, input.base_url ?? '', key, channelHosts(c)) } };
  } catch (e) {
    if (!(e instanceof ModelListError)) throw e;
    return fail(e.kind === 'status' ? 'Failed to fetch models' : e.message, 500);
  }
}

const modelObject = (id: string, ownedBy: string) => ({ id, object: 'model', created: 1626777600, owned_by: ownedBy, permission: [], root: id, parent: null });

/** Every built-in model once, owned by the first channel type listing it (GET /api/models's table). */
const BUILT_IN_MODELS = (() => {
  const seen = new Map<string, ReturnType<typeof modelObject>>();
  for (const [type, models] of Object.entries(CHANNEL_TYPE_MODELS)) {
    for (const id of models) if (!seen.has(id)) seen.set(id, modelObject(id, providerOf(Number(type)).name));
  }
  return [...seen.values()];
})();

/** GET /api/channel/models — the built-in models as OpenAI model objects; {success, data} without a message. */
const builtInModels = (): ApiResult => ({ body: { success: true, data: BUILT_IN_MODELS } });

/** GET /api/channel/models_enabled — the distinct models of enabled abilities; {success, data}. */
async function modelsEnabled(c: ApiContext): Promise<ApiResult> {
  return { body: { success: true, data: await enabledModels(c.app.sql) } };
}

export const channelModelsHandlers = { fetchForChannel, fetchForForm, builtInModels, modelsEnabled };