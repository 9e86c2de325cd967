import { optionUpdateSchema } from '../../contracts/option.js';
import { OPTION_DEFS } from '../../options/option-defaults.js';
import { isSecretOption } from '../../options/option-secrets.js';
import { OptionValueError } from '../../options/options-store.js';
import { parseBody, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { oidcDiscovery } from './oidc-discovery.js';
import { optionGuardError } from './option-guards.js';

/** GET /api/option/ — every option as strings, secrets left out (option-secrets.ts), sorted by key. */
function list(c: ApiContext): ApiResult {
  const items = c.app.options
    .entries()
    .filter(([key]) => !isSecretOption(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => ({ key, value }));
  return ok(items);
}

/** PUT /api/option/ — one key per call: guards, then validated save (nothing changes when refused). */
async function update(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, optionUpdateSchema, '无效的参数', 400);
  const value = input.value === undefined || input.value === null ? '' : String(input.value);
  const guard = optionGuardError(input.key, value, (k) => c.app.options.get(k));
  if (guard) return fail(guard);
  try {
    await c.app.options.set(c.app.sql, input.key, value);
  } catch (e) {
    if (e instanceof OptionValueError) return fail(e.message);
    throw e;
  }
  c.app.invalidation.publish('options');
  return ok();
}

/** POST /api/option/rest_model_ratio (sic) — ModelRatio back to the built-in defaults. */
async function resetModelRatio(c: ApiContext): Promise<ApiResult> {
  await c.app.options.set(c.app.sql, 'ModelRatio', OPTION_DEFS.ModelRatio.default);
  c.app.invalidation.publish('options');
  return ok(undefined, '重置模型倍率成功');
}

export const optionRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/option/', access: 'root', handler: list },
  { method: 'put', path: '/api/option/', access: 'root', handler: update },
  { method: 'post', path: '/api/option/rest_model_ratio', access: 'root', handler: resetModelRatio },
  { method: 'get', path: '/api/option/oidc_discovery', access: 'root', handler: oidcDiscovery },
];
