import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../core/console-api/api-route.js';
import { routes } from '../../core/console-api/routes.js';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

// Every console route whose access is user, admin or root, read from the route table itself so a new
// route is covered the day it is added (spec console-api.md §3.3, reliability-security.md A3, A7, A9, A10):
// anonymous → 401, a lower role → HTTP 200 权限不足, the New-Api-User header problems → the three 401s.

const BOOT_TIMEOUT = 180_000;
const WALK_TIMEOUT = 300_000;

const NOT_LOGGED_IN = { success: false, message: '无权进行此操作，未登录且未提供 access token' };
const NO_RIGHT = { success: false, message: '无权进行此操作，权限不足' };
const NO_HEADER = { success: false, message: '无权进行此操作，未提供 New-Api-User' };
const BAD_HEADER = { success: false, message: '无权进行此操作，New-Api-User 格式错误' };
const WRONG_HEADER = { success: false, message: '无权进行此操作，New-Api-User 与登录用户不匹配' };
const BAD_TOKEN = { success: false, message: '无权进行此操作，access token 无效' };
const BANNED = { success: false, message: '用户已被封禁' };

const COMMON_TOKEN = 'common-access-token-0123456789ab';
const ADMIN_TOKEN = 'admin-access-token-0123456789abc';

type Protected = ApiRoute & { access: 'user' | 'admin' | 'root' };
const isProtected = (r: ApiRoute): r is Protected => r.access === 'user' || r.access === 'admin' || r.access === 'root';
const guarded = routes.filter(isProtected);

/** A concrete URL for a route pattern (:params become 1), in both slash forms the server accepts. */
const urls = (path: string): string[] => {
  const p = path.replace(/:[^/]+/g, '1');
  return p.endsWith('/') ? [p, p.slice(0, -1)] : [p, `${p}/`];
};
const label = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path}`;

/**
 * The access new-api gives each route (spec console-api.md §2: U user, A admin, R root, TU try-user). The
 * walk below proves the table is enforced; this pins the table itself, so a route declared with a weaker
 * role than new-api's fails here. Keys: method and path without trailing slash, every :param written ':'.
 */
const SPEC_ACCESS: Record<string, ApiRoute['access']> = {
  'GET /api/models': 'user',
  'GET /api/status/test': 'admin',
  'GET /api/pricing': 'try-user',
  'GET /api/user/self/groups': 'user',
  'GET /api/user/self': 'user',
  'GET /api/user/models': 'user',
  'PUT /api/user/self': 'user',
  'DELETE /api/user/self': 'user',
  'GET /api/user/token': 'user',
  'GET /api/user/aff': 'user',
  'POST /api/user/topup': 'user',
  'POST /api/user/pay': 'user',
  'POST /api/user/amount': 'user',
  'POST /api/user/aff_transfer': 'user',
  'PUT /api/user/setting': 'user',
  'GET /api/user': 'admin',
  'GET /api/user/search': 'admin',
  'GET /api/user/:': 'admin',
  'POST /api/user': 'admin',
  'POST /api/user/manage': 'admin',
  'PUT /api/user': 'admin',
  'DELETE /api/user/:': 'admin',
  'GET /api/log': 'admin',
  'DELETE /api/log': 'admin',
  'GET /api/log/stat': 'admin',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/search': 'admin',
  'GET /api/log/self': 'user',
  'GET /api/log/self/search': 'user',
  'GET /api/log/token': 'public',
  'GET /api/data': 'admin',
  'GET /api/data/self': 'user',
  'GET /api/group': 'admin',
  'GET /api/mj/self': 'user',
  'GET /api/mj': 'admin',
  'GET /api/task/self': 'user',
  'GET /api/task': 'admin',
  // new-api after mid-2025: revealing a channel key is root's alone (router/channel-router.go)
  'POST /api/channel/:/key': 'root',
};
/** Whole resources with one role in new-api's router. */
const SPEC_PREFIX_ACCESS: Array<[string, ApiRoute['access']]> = [
  ['/api/channel', 'admin'],
  ['/api/redemption', 'admin'],
  ['/api/token', 'user'],
  ['/api/option', 'root'],
];
const specKey = (r: ApiRoute) => `${r.method.toUpperCase()} ${r.path.replace(/:[^/]+/g, ':').replace(/(.)\/$/, '$1')}`;
const specAccess = (r: ApiRoute): ApiRoute['access'] | undefined =>
  SPEC_ACCESS[specKey(r)] ?? SPEC_PREFIX_ACCESS.find(([prefix]) => r.path === prefix || r.path.startsWith(`${prefix}/`))?.[1];

describe('route table access', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let common: ConsoleClient;
  let guest: ConsoleClient;

  /** One request with exactly the given credentials (no client defaults). */
  const hit = async (r: ApiRoute, url: string, headers: Record<string, string>) => {
    const res = await fetch(`${gw.url}${url}`, {
      method: r.method.toUpperCase(),
      headers: { ...(r.method === 'get' ? {} : { 'content-type': 'application/json' }), ...headers },
      body: r.method === 'get' ? undefined : '{}',
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // non-JSON bodies stay text; they never equal the expected envelopes
    }
    return { status: res.status, body };
  };
  const session = (c: ConsoleClient, userId = c.userId) => ({ cookie: c.cookie, 'New-Api-User': String(userId) });

  /** Runs a check over every guarded route and reports each route that answered something else. */
  const expectAll = async (check: (r: Protected) => Promise<string | null>) => {
    const failures = (await Promise.all(guarded.map(check))).filter((f): f is string => f !== null);
    expect(failures).toEqual([]);
  };
  const compare = (r: ApiRoute, who: string, got: { status: number; body: unknown }, status: number, body: unknown) =>
    got.status === status && JSON.stringify(got.body) === JSON.stringify(body) ? null : `${label(r)} as ${who}: ${got.status} ${JSON.stringify(got.body)}`;

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'admin', role: 10, accessToken: ADMIN_TOKEN });
    common = await seedUser(gw, { username: 'common', role: 1, accessToken: COMMON_TOKEN });
    guest = await seedUser(gw, { username: 'guest', role: 0 });
  }, BOOT_TIMEOUT);
  afterAll(() => gw?.stop());

  it('walks a table that holds the guarded routes of every resource', () => {
    const paths = guarded.map(label);
    for (const p of ['GET /api/log/', 'DELETE /api/log/', 'GET /api/log/stat', 'GET /api/log/self/stat', 'GET /api/data/', 'GET /api/data/self', 'GET /api/mj/', 'GET /api/task/self', 'GET /api/user/self',
      'GET /api/channel/models', 'GET /api/channel/models_enabled', 'GET /api/channel/tag/models', 'GET /api/channel/fetch_models/:id', 'DELETE /api/channel/disabled',
      'POST /api/channel/tag/disabled', 'POST /api/channel/tag/enabled', 'PUT /api/channel/tag', 'POST /api/channel/batch', 'POST /api/channel/fix',
      'POST /api/channel/fetch_models', 'POST /api/channel/batch/tag', 'POST /api/channel/copy/:id', 'POST /api/channel/multi_key/manage', 'POST /api/channel/:id/key']) {
      expect(paths).toContain(p);
    }
    expect(routes.find((r) => r.path === '/api/log/token')?.access).toBe('public');
  });

  it('declares new-api’s role on every route the spec lists', () => {
    const mismatched = routes.filter((r) => specAccess(r) !== undefined && specAccess(r) !== r.access).map((r) => `${label(r)}: ${r.access}, spec ${specAccess(r)}`);
    expect(mismatched).toEqual([]);
    expect(routes.filter((r) => specAccess(r) !== undefined).length).toBeGreaterThan(40);
  });

  it('answers anonymous callers 401 on every guarded route, in both slash forms', async () => {
    await expectAll(async (r) => {
      for (const url of urls(r.path)) {
        const bare = compare(r, `anonymous ${url}`, await hit(r, url, {}), 401, NOT_LOGGED_IN);
        if (bare) return bare;
        // a New-Api-User header alone is no credential
        const headerOnly = compare(r, `header-only ${url}`, await hit(r, url, { 'New-Api-User': String(root.userId) }), 401, NOT_LOGGED_IN);
        if (headerOnly) return headerOnly;
      }
      return null;
    });
  }, WALK_TIMEOUT);

  it('refuses every lower role with HTTP 200 权限不足', async () => {
    const lower: Record<Protected['access'], Array<[string, ConsoleClient]>> = {
      user: [['guest', guest]],
      admin: [['common', common], ['guest', guest]],
      root: [['admin', admin], ['common', common]],
    };
    await expectAll(async (r) => {
      for (const [who, client] of lower[r.access]) {
        const url = urls(r.path)[0]!;
        const failure = compare(r, who, await hit(r, url, session(client)), 200, NO_RIGHT);
        if (failure) return failure;
      }
      return null;
    });
  }, WALK_TIMEOUT);

  it('refuses lower roles using a system access token the same way', async () => {
    await expectAll(async (r) => {
      if (r.access === 'user') return null;
      const [who, token, id] = r.access === 'admin' ? ['common token', COMMON_TOKEN, common.userId] : ['admin token', ADMIN_TOKEN, admin.userId];
      return compare(r, who, await hit(r, urls(r.path)[0]!, { authorization: token, 'New-Api-User': String(id) }), 200, NO_RIGHT);
    });
  }, WALK_TIMEOUT);

  it('requires a well-formed New-Api-User header equal to the session user, even for root', async () => {
    await expectAll(async (r) => {
      const url = urls(r.path)[0]!;
      return (
        compare(r, 'root without header', await hit(r, url, { cookie: root.cookie }), 401, NO_HEADER) ??
        compare(r, 'root with empty header', await hit(r, url, { cookie: root.cookie, 'New-Api-User': '' }), 401, NO_HEADER) ??
        compare(r, 'root with malformed header', await hit(r, url, { cookie: root.cookie, 'New-Api-User': 'abc' }), 401, BAD_HEADER) ??
        compare(r, 'root with another user id', await hit(r, url, session(root, common.userId)), 401, WRONG_HEADER)
      );
    });
  }, WALK_TIMEOUT);

  it('applies the header checks to access-token callers, and refuses unknown tokens', async () => {
    await expectAll(async (r) => {
      const url = urls(r.path)[0]!;
      return (
        compare(r, 'token without header', await hit(r, url, { authorization: `Bearer ${ADMIN_TOKEN}` }), 401, NO_HEADER) ??
        compare(r, 'token with another id', await hit(r, url, { authorization: ADMIN_TOKEN, 'New-Api-User': String(common.userId) }), 401, WRONG_HEADER) ??
        compare(r, 'unknown token', await hit(r, url, { authorization: 'Bearer not-a-real-access-token-00000', 'New-Api-User': String(admin.userId) }), 200, BAD_TOKEN)
      );
    });
  }, WALK_TIMEOUT);

  it('lets the required role through the auth step on every guarded GET route', async () => {
    const allowed: Record<Protected['access'], ConsoleClient> = { user: common, admin, root };
    const refusals = [NOT_LOGGED_IN, NO_RIGHT, NO_HEADER, BAD_HEADER, WRONG_HEADER, BAD_TOKEN, BANNED].map((b) => JSON.stringify(b));
    await expectAll(async (r) => {
      if (r.method !== 'get') return null; // only reads: the walk must not change anything
      const got = await hit(r, urls(r.path)[0]!, session(allowed[r.access]));
      return got.status === 401 || refusals.includes(JSON.stringify(got.body)) ? `${label(r)} refused its own role: ${JSON.stringify(got.body)}` : null;
    });
  }, WALK_TIMEOUT);

  it('left every user in place: refused deletes and edits changed nothing', async () => {
    const rows = await gw.sql<{ id: number; role: number; status: number; deleted: boolean }[]>`
      SELECT id, role, status, deleted_at IS NOT NULL AS deleted FROM users ORDER BY id`;
    expect(rows.map((u) => [u.id, u.role, u.status, u.deleted])).toEqual([
      [root.userId, 100, 1, false],
      [admin.userId, 10, 1, false],
      [common.userId, 1, 1, false],
      [guest.userId, 0, 1, false],
    ]);
  });

  it('refuses a disabled user’s live session (it ended with the ban) and access token at once', async () => {
    const victim = await seedUser(gw, { username: 'victim', accessToken: 'victim-access-token-0123456789ab' });
    expect((await victim.get('/api/log/self')).body.success).toBe(true);
    const r = await root.post('/api/user/manage', { id: victim.userId, action: 'disable' });
    expect(r.body.success).toBe(true);
    for (const path of ['/api/user/self', '/api/log/self', '/api/log/self/stat', '/api/data/self', '/api/mj/self', '/api/task/self']) {
      const res = await victim.get(path);
      expect([path, res.status, res.body]).toEqual([path, 401, NOT_LOGGED_IN]);
    }
    const viaToken = await fetch(`${gw.url}/api/log/self`, { headers: { authorization: 'victim-access-token-0123456789ab', 'New-Api-User': String(victim.userId) } });
    expect(await viaToken.json()).toEqual(BANNED);
  });
});
