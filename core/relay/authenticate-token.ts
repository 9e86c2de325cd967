import type { MaybePromise } from '../async/when-ready.js';
import type { AppServices } from '../app-services.js';
import { maskKey } from '../auth/random-key.js';
import { ROLE_ADMIN, USER_ENABLED } from '../auth/roles.js';
import type { CachedToken } from '../cache/token-cache.js';
import type { CachedUser } from '../cache/user-cache.js';
import { parseTokenKey } from './parse-token-key.js';
import { localError } from './relay-error.js';

/** Who a relay request is for: an API token, or a console session standing in for one in the playground. */
export interface Caller {
  token: CachedToken;
  user: CachedUser;
  /** raw admin channel pin (sk-key-<id>), validated by the distributor */
  channelPin: string | null;
  /** the playground's session: no real token (id 0), no token quota, its own log name */
  playground: boolean;
}

/** What token authentication reads and writes: the caches, and the token row it marks expired or exhausted. */
export type TokenAuthDeps = Pick<AppServices, 'tokens' | 'users' | 'sql' | 'invalidation' | 'log'>;

/**
 * new-api's TokenAuth checks, in its order and with its messages (spec relay.md §2.2). Token and user
 * come from in-memory caches, so a valid request costs no database round trip here, and no turn of the event loop
 * either: the answer is a promise only when a cache had to load.
 */
export function authenticateToken(app: TokenAuthDeps, rawKey: string, now = Math.floor(Date.now() / 1000)): MaybePromise<Caller> {
  const { key, channelPin } = parseTokenKey(rawKey);
  if (!key) throw localError(401, '未提供令牌');
  const cached = app.tokens.peek(key);
  if (cached !== undefined) return checkToken(app, cached, channelPin, now);
  return app.tokens.get(key).then((token) => checkToken(app, token, channelPin, now));
}

function checkToken(app: TokenAuthDeps, token: CachedToken | null, channelPin: string | null, now: number): MaybePromise<Caller> {
  if (!token) throw localError(401, '无效的令牌');
  if (token.status === 4) throw localError(401, `该令牌额度已用尽 TokenStatusExhausted[${maskKey(token.key)}]`);
  if (token.status === 3) throw localError(401, '该令牌已过期');
  if (token.status !== 1) throw localError(401, '该令牌状态不可用');
  if (token.expiredTime !== -1 && token.expiredTime < now) {
    void markToken(app, token, 3);
    throw localError(401, '该令牌已过期');
  }
  if (!token.unlimitedQuota && token.remainQuota <= 0) {
    void markToken(app, token, 4);
    throw localError(401, `[${maskKey(token.key)}] 该令牌额度已用尽 !token.UnlimitedQuota && token.RemainQuota = ${token.remainQuota}`);
  }
  const cached = app.users.peek(token.userId);
  if (cached !== undefined) return checkUser(cached, token, channelPin);
  return app.users.get(token.userId).then(
    (user) => checkUser(user, token, channelPin),
    (e: unknown) => {
      throw localError(500, (e as Error).message);
    },
  );
}

function checkUser(user: CachedUser | null, token: CachedToken, channelPin: string | null): Caller {
  if (!user) throw localError(401, '无效的令牌');
  if (user.status !== USER_ENABLED) throw localError(403, '用户已被封禁');
  if (channelPin !== null && user.role < ROLE_ADMIN) throw localError(403, '普通用户不支持指定渠道');
  return { token, user, channelPin, playground: false };
}

/** Persists the lazily discovered expired/exhausted state, as new-api does without Redis. */
async function markToken(app: TokenAuthDeps, token: CachedToken, status: number): Promise<void> {
  try {
    await app.sql`UPDATE tokens SET status = ${status} WHERE id = ${token.id} AND status = 1`;
    app.invalidation.publish('token', token.id);
  } catch (e) {
    app.log.warn('could not mark token status', { tokenId: token.id, error: String(e) });
  }
}
