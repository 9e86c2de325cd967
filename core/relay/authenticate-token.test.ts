import { describe, expect, it } from 'vitest';
import type { CachedToken } from '../cache/token-cache.js';
import type { CachedUser } from '../cache/user-cache.js';
import { authenticateToken, type TokenAuthDeps } from './authenticate-token.js';

const token = (over: Partial<CachedToken> = {}): CachedToken => ({
  id: 7, userId: 3, key: 'abc', name: 't', status: 1, expiredTime: -1, remainQuota: 100, unlimitedQuota: false, modelLimits: null, allowIps: null, group: '', ...over,
});
const user = (over: Partial<CachedUser> = {}): CachedUser => ({ id: 3, username: 'u', role: 1, status: 1, group: 'default', email: '', setting: '', ...over });

/** Caches holding `cachedToken` / `cachedUser` (undefined: not cached, loaded on get as `loaded…`). */
function deps(o: { cachedToken?: CachedToken | null; loadedToken?: CachedToken | null; cachedUser?: CachedUser; loadedUser?: CachedUser | Error }) {
  return {
    tokens: { peek: () => o.cachedToken, get: async () => o.loadedToken ?? null },
    users: {
      peek: () => o.cachedUser,
      get: async () => {
        if (o.loadedUser instanceof Error) throw o.loadedUser;
        return o.loadedUser ?? null;
      },
    },
    sql: (() => Promise.resolve([])) as never,
    invalidation: { publish() {} },
    log: { warn() {} },
  } as unknown as TokenAuthDeps;
}

describe('authenticateToken', () => {
  it('answers from the caches at once, without a promise, when both hold the caller', () => {
    const caller = authenticateToken(deps({ cachedToken: token(), cachedUser: user() }), 'sk-abc');
    expect(caller).not.toBeInstanceOf(Promise);
    expect(caller).toMatchObject({ token: { id: 7 }, user: { id: 3 }, channelPin: null, playground: false });
  });

  it('loads what a cache does not hold', async () => {
    const caller = authenticateToken(deps({ loadedToken: token(), loadedUser: user() }), 'sk-abc');
    expect(caller).toBeInstanceOf(Promise);
    expect(await caller).toMatchObject({ token: { id: 7 }, user: { id: 3 } });
  });

  it('refuses with new-api messages, from the cache or after a load', async () => {
    const refusal = async (d: TokenAuthDeps, key = 'sk-abc') => {
      try {
        await authenticateToken(d, key);
      } catch (e) {
        return { status: (e as { status: number }).status, message: (e as Error).message };
      }
      throw new Error('accepted');
    };
    expect(await refusal(deps({}), 'sk-')).toEqual({ status: 401, message: '未提供令牌' });
    expect(await refusal(deps({ cachedToken: null }))).toEqual({ status: 401, message: '无效的令牌' });
    expect(await refusal(deps({ loadedToken: null }))).toEqual({ status: 401, message: '无效的令牌' });
    expect(await refusal(deps({ cachedToken: token({ status: 2 }) }))).toEqual({ status: 401, message: '该令牌状态不可用' });
    expect(await refusal(deps({ cachedToken: token(), cachedUser: user({ status: 2 }) }))).toEqual({ status: 403, message: '用户已被封禁' });
    expect(await refusal(deps({ cachedToken: token(), loadedUser: user({ status: 2 }) }))).toEqual({ status: 403, message: '用户已被封禁' });
    expect(await refusal(deps({ cachedToken: token(), cachedUser: user() }), 'sk-abc-5')).toEqual({ status: 403, message: '普通用户不支持指定渠道' });
    expect(await refusal(deps({ cachedToken: token(), loadedUser: new Error('database down') }))).toEqual({ status: 500, message: 'database down' });
  });
});
