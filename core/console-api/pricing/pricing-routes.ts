import { usableGroups } from '../../relay/usable-groups.js';
import { priceSettingsOf } from '../../relay/price-settings-view.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';
import { CHANNEL_TYPE_MODELS } from './channel-type-models.js';
import { pricingRows } from './pricing-rows.js';

/**
 * GET /api/pricing (session optional) — {success, data, group_ratio, usable_group}, no message. The
 * groups are the viewer's usable groups (anonymous viewers get new-api's "" and "default" entries), and
 * group_ratio is GroupRatio restricted to them.
 */
async function pricing(c: ApiContext): Promise<ApiResult> {
  const o = c.app.options;
  const abilities = await c.app.sql<{ model: string; group: string }[]>`SELECT DISTINCT model, "group" FROM abilities WHERE enabled`;
  const usable = usableGroups(o.json<Record<string, string>>('UserUsableGroups'), c.user?.group ?? '');
  const groupRatio = Object.fromEntries(Object.entries(o.json<Record<string, number>>('GroupRatio')).filter(([g]) => Object.hasOwn(usable, g)));
  return { body: { success: true, data: pricingRows(abilities, priceSettingsOf(o)), group_ratio: groupRatio, usable_group: usable } };
}

/** GET /api/models — channel type → built-in model names; {success, data} without a message, as new-api. */
function models(): ApiResult {
  return { body: { success: true, data: CHANNEL_TYPE_MODELS } };
}

/** GET /api/group/ — the GroupRatio group names. */
function groups(c: ApiContext): ApiResult {
  return ok(Object.keys(c.app.options.json<Record<string, number>>('GroupRatio')).sort());
}

export const pricingRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/pricing', access: 'try-user', handler: pricing },
  { method: 'get', path: '/api/models', access: 'user', handler: models },
  { method: 'get', path: '/api/group/', access: 'admin', handler: groups },
];
