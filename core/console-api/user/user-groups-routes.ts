import type { AppServices } from '../../app-services.js';
import { usableGroups } from '../../relay/usable-groups.js';
import { requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ok, type ApiResult } from '../envelope.js';

const usableGroupsOf = (app: AppServices, group: string) =>
  usableGroups(app.options.json<Record<string, string>>('UserUsableGroups'), group);

/**
 * GET /api/user/models: models with an enabled channel in any usable group. Go answers null when there are
 * none (a nil slice), and new-api's own console then throws on `data.map` in its playground and token form:
 * an empty list is what every client can read.
 */
function userModels(c: ApiContext): ApiResult {
  const me = requireUser(c);
  const models = new Set<string>();
  for (const group of Object.keys(usableGroupsOf(c.app, me.group))) {
    for (const model of c.app.channels.modelsFor(group)) models.add(model);
  }
  return ok([...models].sort());
}

/** {group: {ratio, desc}} for every GroupRatio group the user may use (spec §2.2). */
function groupsWithRatio(app: AppServices, userGroup: string): Record<string, { ratio: number; desc: string }> {
  const usable = usableGroupsOf(app, userGroup);
  const out: Record<string, { ratio: number; desc: string }> = {};
  for (const [name, ratio] of Object.entries(app.options.json<Record<string, number>>('GroupRatio'))) {
    if (Object.hasOwn(usable, name)) out[name] = { ratio, desc: usable[name]! };
  }
  return out;
}

const selfGroups = (c: ApiContext): ApiResult => ok(groupsWithRatio(c.app, requireUser(c).group));

/** GET /api/user/groups: the same answer without authentication, for an anonymous user (group ""). */
const anonymousGroups = (c: ApiContext): ApiResult => ok(groupsWithRatio(c.app, ''));

export const userGroupsRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/user/models', access: 'user', handler: userModels },
  { method: 'get', path: '/api/user/self/groups', access: 'user', handler: selfGroups },
  { method: 'get', path: '/api/user/groups', access: 'public', handler: anonymousGroups },
];
