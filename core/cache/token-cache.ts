import { LRUCache } from 'lru-cache';
import { entryBound } from './entry-bound.js';
import type { Sql } from '../db/connect.js';
import type { TokenRow } from '../db/rows.js';
import { normaliseIp } from '../http/client-ip.js';

/** A token as the relay sees it: limits pre-parsed once instead of on every request. */
export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  expiredTime: number;
  remainQuota: number;
  unlimitedQuota: boolean;
  modelLimits: Set<string> | null;
  allowIps: Set<string> | null;
  group: string;
}

export function toCachedToken(row: TokenRow): CachedToken {
  const models = row.model_limits_enabled ? new Set(row.model_limits.split(',').filter((m) => m !== '')) : null;
  const ips = (row.allow_ips ?? '')
    .split('\n')
    .map((s) => normaliseIp(s.replace(/[\s,]/g, '')))
    .filter((s) => s !== '');
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key.trim(),
    name: row.name,
    status: row.status,
    expiredTime: row.expired_time,
    remainQuota: row.remain_quota,
    unlimitedQuota: row.unlimited_quota,
    modelLimits: models,
    allowIps: ips.length ? new Set(ips) : null,
    group: row.group ?? '',
  };
}

const MISSING = Symbol('missing');

/**
 * Tokens by key. Misses are cached briefly too, so a flood of invalid keys costs one query per key and
 * interval rather than one per request.
 */
export class TokenCache {
  private byKey: LRUCache<string, CachedToken | typeof MISSING>;
  private keyById = new Map<number, string>();

  constructor(
    private readonly sql: Sql,
    ttlSeconds: number,
  ) {
    this.byKey = new LRUCache({
      ...entryBound(100_000),
      ttl: ttlSeconds * 1000,
      dispose: (v, k) => {
        if (v !== MISSING && this.keyById.get(v.id) === k) this.keyById.delete(v.id);
      },
    });
  }

  /** The cached answer without a load: the token, null for a key known not to exist, undefined when not cached. */
  peek(key: string): CachedToken | null | undefined {
    const hit = this.byKey.get(key);
    return hit === MISSING ? null : hit;
  }

  async get(key: string): Promise<CachedToken | null> {
    const hit = this.byKey.get(key);
    if (hit === MISSING) return null;
    if (hit) return hit;
    // Quota leased into nodes' memory is still the token's: without it a token whose whole remainder sits in
    // slices would read as exhausted.
    const [row] = await this.sql<(TokenRow & { leased: number | string })[]>`
      SELECT t.*, (SELECT COALESCE(sum(l.amount), 0) FROM quota_leases l WHERE l.kind = 't' AND l.owner_id = t.id) AS leased
      FROM tokens t WHERE t.key = ${key} AND t.deleted_at IS NULL`;
    if (!row) {
      this.byKey.set(key, MISSING, { ttl: 10_000 });
      return null;
    }
    const token = toCachedToken({ ...row, remain_quota: row.remain_quota + Number(row.leased) });
    this.byKey.set(key, token);
    this.keyById.set(token.id, key);
    return token;
  }

  invalidateId(id: number): void {
    const key = this.keyById.get(id);
    if (key !== undefined) this.byKey.delete(key);
  }
}
