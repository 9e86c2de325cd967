import { updateAllBalances, updateBalance } from '../../channel-health/update-balance.js';
import { paramInt, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';

/** GET /api/channel/update_balance — every enabled channel, answered when done (as new-api). */
async function updateAll(c: ApiContext): Promise<ApiResult> {
  await updateAllBalances(c.app);
  return ok();
}

/** GET /api/channel/update_balance/:id — `balance` at the top level. */
async function updateOne(c: ApiContext): Promise<ApiResult> {
  const actor = await c.app.channels.refresh(paramInt(c));
  if (!actor) return fail('渠道不存在');
  const r = await updateBalance(c.app, actor);
  if (!r.ok) return fail(r.message);
  return { body: { success: true, message: '', balance: r.balance } };
}

export const channelBalanceRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/channel/update_balance', access: 'admin', handler: updateAll },
  { method: 'get', path: '/api/channel/update_balance/:id', access: 'admin', handler: updateOne },
];
